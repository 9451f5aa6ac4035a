// Username, password and captcha; Enter submits. On a refused sign-in the server's message
// is shown in red for 3 s and a new captcha is fetched (spec 1 §2 Sign-in, §8).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, TextField } from '@mui/material';
import { useLogin } from 'react-admin';
import type { Credentials } from '../../auth/signIn';
import { useNotice } from '../../ui/notices';
import { CaptchaField } from './CaptchaField';
import { useCaptcha } from './useCaptcha';

const SIGN_IN_ERROR_MS = 3000;

export function LoginForm() {
  const login = useLogin();
  const notice = useNotice();
  const { captcha, reload } = useCaptcha();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaText, setCaptchaText] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // After a first try, a field left empty says so under itself (the server would say it in a notice).
  const [tried, setTried] = useState(false);
  const missing = (value: string, label: string) =>
    tried && !value.trim() ? `${label} الزامی است` : undefined;
  // Where the keyboard goes next: the first empty field, or after a refusal the captcha to
  // type again (the fields were disabled while the sign-in went, which took the focus away).
  const form = useRef<HTMLFormElement>(null);
  const focusField = (name: string) =>
    form.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  const focusAfterSubmit = useRef<string | null>(null);
  useEffect(() => {
    if (submitting || !focusAfterSubmit.current) return;
    focusField(focusAfterSubmit.current);
    focusAfterSubmit.current = null;
  }, [submitting]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    // As the fields say it: one of spaces only is empty.
    if (!username.trim() || !password.trim()) return focusField(username.trim() ? 'password' : 'username');
    setSubmitting(true);
    const credentials: Credentials = { username, password, captchaInputText: captchaText, captcha };
    try {
      await login(credentials);
      notice.success('خوش آمدید');
    } catch (error) {
      notice.error((error as Error).message, SIGN_IN_ERROR_MS);
      setCaptchaText('');
      reload();
      focusAfterSubmit.current = 'captcha';
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="form"
      ref={form}
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        name="username"
        label="نام کاربری"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        autoComplete="username"
        autoFocus
        required
        error={Boolean(missing(username, 'نام کاربری'))}
        helperText={missing(username, 'نام کاربری')}
        disabled={submitting}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <TextField
        name="password"
        type="password"
        label="رمز عبور"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        required
        error={Boolean(missing(password, 'رمز عبور'))}
        helperText={missing(password, 'رمز عبور')}
        disabled={submitting}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <CaptchaField
        captcha={captcha}
        value={captchaText}
        onChange={setCaptchaText}
        onReload={reload}
        disabled={submitting}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 2, py: 1.25 }}
      >
        ورود
      </Button>
    </Box>
  );
}
