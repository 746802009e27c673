/**
 * Focus follows navigation (WCAG 2.4.3): after the console moves to another screen — a sign-in
 * landing on its first list, a menu entry, a link — keyboard and screen-reader users start on the
 * new screen's heading, not on the link they left. The heading is the app bar's page title
 * (`#react-admin-title`, an h1 that each screen's <Title> fills): it takes focus once the screen
 * has written its title. The document's first screen (a page load or reload) keeps the browser's
 * own start; a change of the query string only (paging, sorting, filters) is not a navigation.
 *
 * A new screen starts at its top: the app bar hides while the page is scrolled down (react-admin's
 * AppBar), and a hidden heading can neither take the focus nor keep it — after saving a long form
 * the list opened scrolled down, the heading refused the focus or lost it as the bar slid away.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The id of the element that receives focus on the sign-in screen and in the console. */
export const PAGE_HEADING_ID = 'react-admin-title';

/** Focuses the element `id` (an h1 with tabIndex -1) once it has text, when the path changes. */
export function useFocusHeadingOnNavigation(id: string = PAGE_HEADING_ID) {
  const { pathname, key } = useLocation();
  useEffect(() => {
    // react-router's first location of the document has the key "default".
    if (key === 'default') return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const focusWhenTitled = () => {
      const heading = document.getElementById(id);
      if (!heading?.textContent?.trim()) return false;
      heading.focus({ preventScroll: true });
      // Not taken while the bar is still sliding back in: tried again at its next change.
      return document.activeElement === heading;
    };
    if (focusWhenTitled()) return;
    // The screen writes its title after it renders (a lazy screen after its code has loaded).
    const observer = new MutationObserver(() => {
      if (focusWhenTitled()) stop();
    });
    // Focus the screen or the user put elsewhere meanwhile stays there.
    const onFocusIn = (e: FocusEvent) => {
      if (e.target !== document.getElementById(id)) stop();
    };
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    document.addEventListener('focusin', onFocusIn);
    return stop;
    // The pathname, not the key: a new query string is the same screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, id]);
}

/** Renders nothing; moves focus to the page heading after each navigation (see above). */
export function PageHeadingFocus() {
  useFocusHeadingOnNavigation();
  return null;
}
