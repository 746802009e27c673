/** The sign-in provider redirects the popup here; the opener reads the code. Shows 'Loading...' then 'Close this tab.' */
import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function OAuthCallbackPage() {
  const translate = useTranslate();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setLate(true), 1000);
    return () => window.clearTimeout(id);
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography variant="h6">{translate(late ? 'aq.closeTab' : 'aq.loading')}</Typography>
    </Box>
  );
}
