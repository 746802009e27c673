/**
 * The default contractor logos offered by "Add contractor" when no file is uploaded: small
 * bundled SVG badges, served by the backend itself (no external host), each with a stable name.
 */
export const DEFAULT_LOGOS = {
  leaf: { color: '#2e7d32', glyph: 'M12 3C7 6 5 10 6 15c3-1 6-3 8-7-1 4-4 7-7 9 6 1 10-3 10-8 0-3-2-5-5-6z' },
  wind: { color: '#0277bd', glyph: 'M4 9h10a3 3 0 1 0-3-3M4 13h14a3 3 0 1 1-3 3M4 17h7' },
  city: { color: '#5d4037', glyph: 'M5 20V9l5-3v14M10 20V4l9 4v12M13 9h3M13 12h3M13 15h3' },
  sun: { color: '#f9a825', glyph: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 2v3M12 19v3M2 12h3M19 12h3' },
  drop: { color: '#00838f', glyph: 'M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z' },
  people: {
    color: '#6a1b9a',
    glyph: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6M3 20c0-3 2-6 5-6s5 3 5 6M14 14c3 0 7 2 7 6',
  },
} as const;

export type DefaultLogoName = keyof typeof DEFAULT_LOGOS;
export const DEFAULT_LOGO_NAMES = Object.keys(DEFAULT_LOGOS) as DefaultLogoName[];

export const defaultLogoUrl = (name: DefaultLogoName) => `/api/contractors/default-logos/${name}.svg`;

export function defaultLogoSvg(name: DefaultLogoName): string {
  const { color, glyph } = DEFAULT_LOGOS[name];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="96" height="96"><rect width="24" height="24" rx="5" fill="${color}"/><path d="${glyph}" fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}
