/**
 * The themes' colours meet WCAG 2.1 AA contrast (issue 29): each status colour (the chips of request,
 * deployment and user states, the open-requests badge, the admin's app bar, banners) as text on the
 * page and on a card, and its contrast text on it, ≥ 4.5:1; the focus ring's colour (primary)
 * against the page ≥ 3:1.
 */
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from '../../src/layout/theme';

const THEMES = { light: createTheme(lightTheme), dark: createTheme(darkTheme) };
const STATUS = ['error', 'warning', 'info', 'success'] as const;

describe.each(Object.entries(THEMES))('the %s theme', (_name, theme) => {
  const { palette } = theme;
  const surfaces = { page: palette.background.default, card: palette.background.paper };

  it.each(STATUS)('%s is readable as text on the page and on a card, and its contrast text on it', (status) => {
    const { main, contrastText } = palette[status];
    const ratios = {
      ...Object.fromEntries(Object.entries(surfaces).map(([on, bg]) => [`on ${on}`, getContrastRatio(main, bg)])),
      'contrast text': getContrastRatio(contrastText, main),
    };
    for (const [what, ratio] of Object.entries(ratios)) expect(ratio, `${status} ${what}`).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring (primary) stands out from the page and a card by at least 3:1', () => {
    for (const bg of Object.values(surfaces))
      expect(getContrastRatio(palette.primary.main, bg)).toBeGreaterThanOrEqual(3);
  });
});
