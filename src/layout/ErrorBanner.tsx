/** The global error banner: `status - message`, blue for 1xx, orange for 4xx, red otherwise. */
import { useEffect, useState } from 'react';
import { Alert, Collapse } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { appEvents, type BannerError } from '../state/events';
import { bannerText } from '../dataProviders/errors';

export function ErrorBanner() {
  const [error, setError] = useState<BannerError | null>(null);
  const location = useLocation();

  useEffect(
    () =>
      appEvents.on('error', (e) => {
        setError(e);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }),
    [],
  );
  // A new page starts without the previous page's error.
  useEffect(() => setError(null), [location.pathname]);

  return (
    <Collapse in={error !== null} unmountOnExit>
      {error && (
        <Alert
          severity={error.severity}
          variant="filled"
          onClose={() => setError(null)}
          role="alert"
          data-testid="error-banner"
          sx={{ borderRadius: 0 }}
        >
          {bannerText(error)}
        </Alert>
      )}
    </Collapse>
  );
}
