/**
 * An image or logo link of the main API as the browser loads it: a path (`/api/files/…`, as the
 * reference backend answers) is resolved against the main service's configured base URL, so the
 * console works when the API lives on another host; absolute links are kept.
 */
import { serviceUrl } from '../../config';

export function imageUrl(link: string): string {
  try {
    return new URL(link, serviceUrl('main')).href;
  } catch {
    return link;
  }
}
