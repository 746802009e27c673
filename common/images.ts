/**
 * Images people upload (request photos, contractor logos): the accepted types, recognised by their
 * first bytes — the declared type is not trusted — shared by the console (checked before sending)
 * and the server (checked again on receipt).
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The `accept` attribute of an image file input. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** JPEG, PNG or WebP by content (at least the first 12 bytes), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
