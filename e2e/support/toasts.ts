/**
 * Every message the console's snackbar showed, however briefly: a message lasts 5 s (or 1 s when
 * another waits), so a test that checks a message after a wait of its own reads this record rather
 * than the screen.
 */
import type { Page } from '@playwright/test';

type Recorder = { toasts: string[] };

/** Starts recording in every page this tab opens from now on (call before the page loads). */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as Recorder).toasts = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.MuiSnackbar-root'))
        if (!seen.includes(el.textContent ?? '')) seen.push(el.textContent ?? '');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The texts recorded so far in the page on screen, in the order they first showed. */
export async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as Recorder).toasts ?? []);
}
