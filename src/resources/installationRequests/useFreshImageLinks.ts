/**
 * Request images come as signed links that expire (after 40–60 minutes; the server's
 * server/storage/fileLinks.ts): a screen showing them reads the requests again a minute before the
 * first of its links expires, so its thumbnails, and the full images they open, keep loading on a
 * screen left open for longer.
 */
import { useEffect } from 'react';
import type { RequestImage } from './types';
import { useRequestChanged } from './useRequestChange';

/** Read again this long before the first link expires. */
const MARGIN_MS = 60_000;
/** But never sooner than this, should the browser's clock run far ahead of the server's. */
const MIN_DELAY_MS = 60_000;

/** When a signed link stops working (ms), or null for a link without an expiry. */
export function linkExpiry(link: string): number | null {
  const expires = /[?&]expires=(\d{1,12})(?:&|$)/.exec(link)?.[1];
  return expires === undefined ? null : Number(expires) * 1000;
}

export function useFreshImageLinks(images: readonly RequestImage[]): void {
  const changed = useRequestChanged();
  const first = Math.min(...images.map((image) => linkExpiry(image.link) ?? Infinity));
  useEffect(() => {
    if (!Number.isFinite(first)) return;
    const timer = setTimeout(() => void changed(), Math.max(first - MARGIN_MS - Date.now(), MIN_DELAY_MS));
    return () => clearTimeout(timer);
  }, [first, changed]);
}
