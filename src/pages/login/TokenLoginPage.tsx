/**
 * `/login?token=…`: signs in with a refresh token from a link and goes to Installations. A link
 * whose token is missing, invalid or expired logs out and opens the sign-in screen saying so
 * (`INVALID_LINK_STATE`), rather than leaving staff there without a word.
 */
import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useLogin, useLogout, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { INVALID_LINK_STATE } from './loginNotice';
import { preloadConsole } from '../../layout/consoleCode';

export function TokenLoginPage() {
  const [params] = useSearchParams();
  const login = useLogin();
  const logout = useLogout();
  const navigate = useNavigate();
  const translate = useTranslate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    // Logged out without react-admin's own redirect, so the sign-in screen gets the reason.
    const refuse = async () => {
      await logout(undefined, false);
      navigate('/', { replace: true, state: INVALID_LINK_STATE });
    };
    if (!token) {
      void refuse();
      return;
    }
    preloadConsole(); // beside the sign-in request
    login({ refreshToken: token }, '/installations').catch(refuse);
  }, [params, login, logout, navigate]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress size={24} />
      <Typography>{translate('aq.loading')}</Typography>
    </Box>
  );
}
