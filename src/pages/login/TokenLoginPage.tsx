/** `/login?token=…`: signs in with a refresh token from a link and goes to Installations; on failure, logs out. */
import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useLogin, useLogout, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

export function TokenLoginPage() {
  const [params] = useSearchParams();
  const login = useLogin();
  const logout = useLogout();
  const translate = useTranslate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) {
      void logout(undefined, '/', false);
      return;
    }
    login({ refreshToken: token }, '/installations').catch(() => logout(undefined, '/', false));
  }, [params, login, logout]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress size={24} />
      <Typography>{translate('aq.loading')}</Typography>
    </Box>
  );
}
