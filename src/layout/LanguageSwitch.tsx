/**
 * The toolbar's language switch: the console's languages, each named in itself. The choice is
 * react-admin's locale (kept in its store for this browser); PreferencesSync saves it with the
 * user's preferences on the server, so it follows the user to any browser at sign-in.
 */
import { useState } from 'react';
import { Button, Menu, MenuItem, Tooltip } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../common/locales';

export function LanguageSwitch() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('aq.language');
  const code = locale.toUpperCase();
  return (
    <>
      <Tooltip title={label}>
        <Button
          color="inherit"
          // The name starts with what the button shows (WCAG 2.5.3): "EN, Language".
          aria-label={`${code}, ${label}`}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'language-menu' : undefined}
          startIcon={<LanguageIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="language-switch"
        >
          {code}
        </Button>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l}
            lang={l}
            selected={isLocale(locale) && l === locale}
            onClick={() => {
              setAnchor(null);
              setLocale(l);
            }}
          >
            {LOCALE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
