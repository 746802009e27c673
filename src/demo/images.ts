/**
 * Images whose address is a service URL of the demo (`aqdemo:…`: a contractor's logo, a photo of an
 * installation request), which the browser cannot load: each is fetched from the backend in the
 * worker and shown from an object URL. The console's own code stays as it is (it sets `src` to the
 * service URL, as an attribute or a property); an image whose `src` changes to another service URL
 * is fetched again.
 */
import { demoFetchImpl } from '../dataProviders/demoTransport';

const SCHEME = 'aqdemo:';

export function showDemoImages(root: HTMLElement): MutationObserver {
  // One object URL per service URL (the stored files are addressed by their content's hash).
  const objectUrls = new Map<string, Promise<string>>();
  const load = (src: string) => {
    let url = objectUrls.get(src);
    if (!url) {
      url = demoFetchImpl(src).then(async (res) => {
        if (!res.ok) throw new Error(`${src}: ${res.status}`);
        return URL.createObjectURL(await res.blob());
      });
      // A failed image is asked for again the next time it is shown.
      url.catch(() => objectUrls.delete(src));
      objectUrls.set(src, url);
    }
    return url;
  };
  // The image's own `src` property: an image made in script (MUI's Avatar first loads its picture in
  // a `new Image()` and draws the <img> only once that loaded) gets the object URL too.
  const property = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
  const asked = new WeakMap<HTMLImageElement, string>();
  const point = (img: HTMLImageElement, src: string) => {
    asked.set(img, src);
    load(src).then(
      (url) => {
        // Not when the console has meanwhile pointed the image elsewhere.
        if (asked.get(img) === src) property.set!.call(img, url);
      },
      () => undefined,
    );
  };
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    ...property,
    set(this: HTMLImageElement, value: string) {
      if (String(value).startsWith(SCHEME)) point(this, String(value));
      else {
        asked.delete(this);
        property.set!.call(this, value);
      }
    },
  });
  const swap = (img: HTMLImageElement) => {
    const src = img.getAttribute('src');
    if (src?.startsWith(SCHEME)) point(img, src);
  };
  const visit = (node: Node) => {
    if (node instanceof HTMLImageElement) swap(node);
    else if (node instanceof Element) node.querySelectorAll('img').forEach(swap);
  };
  const observer = new MutationObserver((records) => {
    for (const record of records)
      if (record.type === 'attributes') visit(record.target);
      else record.addedNodes.forEach(visit);
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  visit(root);
  return observer;
}
