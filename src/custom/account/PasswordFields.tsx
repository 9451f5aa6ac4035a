// Current, new and repeated password; the repeat must match (checked here, in the client).
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';

export interface PasswordChange {
  current: string;
  next: string;
  repeat: string;
}

export const EMPTY_PASSWORDS: PasswordChange = { current: '', next: '', repeat: '' };
export const REPEAT_MISMATCH = 'تکرار رمز عبور با رمز عبور جدید یکسان نیست';
export const CURRENT_REQUIRED = 'برای تغییر رمز عبور، رمز عبور فعلی را وارد کنید';

/** The first problem with the password fields, or null when they can be sent. */
export function passwordProblem({ current, next, repeat }: PasswordChange): string | null {
  if (!next && !repeat) return null;
  if (next !== repeat) return REPEAT_MISMATCH;
  if (!current) return CURRENT_REQUIRED;
  return null;
}

export function PasswordFields({
  value,
  onChange,
}: {
  value: PasswordChange;
  onChange: (value: PasswordChange) => void;
}) {
  const mismatch = value.repeat !== '' && value.next !== value.repeat;
  const field = (key: keyof PasswordChange) => ({
    type: 'password',
    value: value[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.target.value }),
    autoComplete: key === 'current' ? 'current-password' : 'new-password',
    fullWidth: true,
    size: 'small' as const,
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField label="رمز عبور فعلی" {...field('current')} sx={{ gridColumn: '1 / -1' }} />
      <TextField label="رمز عبور جدید" {...field('next')} />
      <TextField
        label="تکرار رمز عبور جدید"
        {...field('repeat')}
        error={mismatch}
        helperText={mismatch ? REPEAT_MISMATCH : ' '}
      />
    </Box>
  );
}
