/** The demo build's banner: says the data is a demo's and resets on reload, with "Reset demo". */
import { useSyncExternalStore } from 'react';
import { Alert, Button } from '@mui/material';
import { i18nProvider } from '../i18n';

/**
 * The console's language: the banner sits outside react-admin's context (it stays while the console
 * restarts), so it follows the page's `lang`, which the console sets when the language changes.
 */
function subscribeToLanguage(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
const pageLanguage = () => document.documentElement.lang;

export function DemoBanner({ onReset }: { onReset: () => void }) {
  // The provider's own locale follows react-admin's; re-rendered when the page's language changes.
  useSyncExternalStore(subscribeToLanguage, pageLanguage);
  const t = (key: string) => i18nProvider.translate(key);
  return (
    <Alert
      severity="info"
      // Filled: the banner is outside the console's theme, and a filled alert reads on light and dark alike.
      variant="filled"
      role="status"
      data-testid="demo-banner"
      sx={{ position: 'fixed', bottom: 12, right: 12, zIndex: 2000, boxShadow: 3, alignItems: 'center', py: 0 }}
      action={
        <Button color="inherit" size="small" onClick={onReset}>
          {t('aq.demo.reset')}
        </Button>
      }
    >
      {t('aq.demo.banner')}
    </Alert>
  );
}
