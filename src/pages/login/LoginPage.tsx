/**
 * Login screen at `/`: third-party sign-in popup, or a password form revealed on demand; above them,
 * why the screen was opened when another page said (a token-login link that did not work).
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import GoogleIcon from '@mui/icons-material/Google';
import PasswordIcon from '@mui/icons-material/Password';
import { useLogin, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useAppAuthProvider } from '../../authProvider';
import { loginPassword, loginUsername } from '../../../common/validation';
import { translateRule } from '../../components/formValidation';
import { runtimeConfig } from '../../config';
import { ErrorBanner } from '../../layout/ErrorBanner';
import { loginNoticeKey } from './loginNotice';
import { PopupError, signInWithPopup } from './providerPopup';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import { preloadConsole } from '../../layout/consoleCode';
import { useFocusHeadingOnNavigation } from '../../layout/PageHeadingFocus';

/** The sign-in screen's heading, which takes focus when the console comes back to it (after a sign-out). */
const LOGIN_HEADING_ID = 'login-title';

function PasswordForm({ onCancel }: { onCancel(): void }) {
  const translate = useTranslate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const submitting = useSubmitOnce();
  const busy = submitting.pending;
  const usernameError = loginUsername(username);
  const passwordError = loginPassword(password);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (usernameError || passwordError) return;
    // A failure is shown by the shared alert (error banner).
    await submitting.run(() => login({ username, password }, '/installations'));
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <TextField
          label={translate('aq.login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={touched && Boolean(usernameError)}
          helperText={touched && usernameError ? translateRule(translate, usernameError) : undefined}
        />
        <TextField
          label={translate('aq.login.passwordField')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={touched && Boolean(passwordError)}
          helperText={touched && passwordError ? translateRule(translate, passwordError) : undefined}
        />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onCancel}>{translate('aq.login.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('aq.login.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function LoginPage() {
  useFocusHeadingOnNavigation(LOGIN_HEADING_ID);
  const translate = useTranslate();
  const login = useLogin();
  const auth = useAppAuthProvider();
  const [passwordMode, setPasswordMode] = useState(false);
  const [popupError, setPopupError] = useState<string | null>(null);
  const signIn = runtimeConfig().signIn;
  const notice = loginNoticeKey(useLocation().state);

  const withProvider = async () => {
    setPopupError(null);
    try {
      const { code, redirectUri } = await signInWithPopup(auth);
      await login({ code, redirectUri }, '/installations');
    } catch (err) {
      if (err instanceof PopupError) setPopupError(translate(err.message, { ...err.values, _: err.message }));
    }
  };

  return (
    // The console's code is fetched as soon as the user starts signing in (not before: the sign-in
    // screen comes first), while they type.
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      onPointerDownCapture={preloadConsole}
      onKeyDownCapture={preloadConsole}
      onFocusCapture={preloadConsole}
    >
      <ErrorBanner />
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Card sx={{ width: 380, maxWidth: '100%' }} elevation={3}>
          <CardContent>
            <Stack spacing={2}>
              <Box textAlign="center">
                <Typography variant="h5" component="h1" id={LOGIN_HEADING_ID} tabIndex={-1}>
                  {translate('aq.login.title')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('aq.login.subtitle')}
                </Typography>
              </Box>
              {notice && <Alert severity="warning">{translate(notice)}</Alert>}
              {popupError && <Alert severity="warning">{popupError}</Alert>}
              {passwordMode ? (
                <PasswordForm onCancel={() => setPasswordMode(false)} />
              ) : (
                <Stack spacing={1.5}>
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={<GoogleIcon />}
                    onClick={withProvider}
                    disabled={!signIn.enabled}
                    title={signIn.enabled ? undefined : translate('aq.login.providerUnavailable')}
                  >
                    {translate('aq.login.withProvider', { provider: signIn.provider })}
                  </Button>
                  <Button
                    variant="outlined"
                    size="large"
                    startIcon={<PasswordIcon />}
                    onClick={() => setPasswordMode(true)}
                  >
                    {translate('aq.login.password')}
                  </Button>
                  {!signIn.enabled && (
                    <Typography variant="caption" color="text.secondary" textAlign="center">
                      {translate('aq.login.providerUnavailable')}
                    </Typography>
                  )}
                </Stack>
              )}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
