// The captcha text box with its image and a button for a new image.
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { CaptchaChallenge } from '../../auth/signIn';

interface CaptchaFieldProps {
  captcha: CaptchaChallenge | null;
  value: string;
  onChange: (value: string) => void;
  onReload: () => void;
  disabled: boolean;
}

export function CaptchaField({ captcha, value, onChange, onReload, disabled }: CaptchaFieldProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TextField
        name="captcha"
        label="کد امنیتی"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        required
        disabled={disabled}
        slotProps={{ htmlInput: { dir: 'ltr', maxLength: 20, inputMode: 'text' } }}
        sx={{ flex: 1 }}
      />
      <Box
        sx={{
          width: 130,
          height: 48,
          flexShrink: 0,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'grey.50',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {captcha?.captchaImgUrl && (
          <img
            src={captcha.captchaImgUrl}
            alt="تصویر کد امنیتی"
            data-testid="captcha-image"
            style={{ width: '100%', height: '100%' }}
          />
        )}
      </Box>
      <Tooltip title="تصویر جدید">
        <IconButton onClick={onReload} aria-label="تصویر جدید کد امنیتی" disabled={disabled}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
