/** The demo build's banner: says the data is a demo's and resets on reload, with "Reset demo". */
import { useSyncExternalStore } from 'react';
import { Alert, Button } from '@mui/material';
import { en } from '../i18n/en';
import { pl } from '../i18n/pl';

/**
 * The console's language: the banner sits outside react-admin's context (it stays while the console
 * restarts), so it follows the page's `lang`, which the console sets when the language changes. Its
 * texts come from that language's catalogue, not from the i18n provider: react-admin switches the
 * provider's locale a few microtasks after the page's `lang` changed, so the provider read when
 * `lang` changes still answers in the language left.
 */
function subscribeToLanguage(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}
const pageLanguage = () => document.documentElement.lang;

export function DemoBanner({ onReset }: { onReset: () => void }) {
  // Re-rendered when the page's language changes.
  const { demo } = (useSyncExternalStore(subscribeToLanguage, pageLanguage) === 'pl' ? pl : en).aq;
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
          {demo.reset}
        </Button>
      }
    >
      {demo.banner}
    </Alert>
  );
}
