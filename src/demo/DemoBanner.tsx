/** The demo build's banner: says the data is a demo's and resets on reload, with "Reset demo". */
import { Alert, Button } from '@mui/material';
import { i18nProvider } from '../i18n';

export function DemoBanner({ onReset }: { onReset: () => void }) {
  const t = (key: string) => i18nProvider.translate(key);
  return (
    <Alert
      severity="info"
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
