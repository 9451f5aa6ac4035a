// image: choose a picture (images only, at most the server's 2 MB), watch it upload (the specification's way: base64
// to `meta.uploadPath`, which answers `fullPath`), see it at most 300×300, or remove it.
// The field's value is the picture's path; '' when there is none.
import { useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useInput, type Validator } from 'react-admin';
import { answerMessage, type ApiAnswer } from '../../api/http';
import { uploadWithProgress } from '../../api/uploadWithProgress';
import { toPersianDigits } from '../../shared/persian-digits';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../../shared/uploads';

interface ImageUploadInputProps {
  source: string;
  label: string;
  uploadPath: string;
  validate?: Validator;
  disabled?: boolean;
  helperText?: string | false;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function ImageUploadInput({
  source,
  label,
  uploadPath,
  validate,
  disabled,
  helperText,
}: ImageUploadInputProps) {
  const { field, id } = useInput({ source, validate });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const value = typeof field.value === 'string' ? field.value : '';

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(`${label} باید یک تصویر باشد`);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError(imageTooLargeMessage(label));
      return;
    }
    setError(undefined);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<ApiAnswer & { fullPath?: string }>(
        uploadPath,
        { File: await readAsDataUrl(file) },
        'POST',
        (fraction) => setProgress(Math.round(fraction * 100)),
        'json',
      );
      if (answer.status === 1 && answer.fullPath) field.onChange(answer.fullPath);
      else setError(answerMessage(answer) || 'خطا در آپلود عکس');
    } catch (failure) {
      setError((failure as Error).message || 'خطا در آپلود عکس');
    } finally {
      setProgress(null);
    }
  }

  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={id}>
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        {value ? (
          <Box
            component="img"
            src={value}
            alt={label}
            sx={{ maxWidth: 300, maxHeight: 300, borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        ) : (
          <Typography variant="body2" color="text.disabled">
            بدون تصویر
          </Typography>
        )}
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={disabled || progress !== null}
        >
          {value ? 'تغییر تصویر' : 'انتخاب تصویر'}
          <input id={id} hidden type="file" accept="image/*" onChange={choose} />
        </Button>
        {value && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={disabled || progress !== null}
            onClick={() => field.onChange('')}
          >
            حذف تصویر
          </Button>
        )}
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={`بارگذاری ${label}`} />
          <Typography variant="caption">{toPersianDigits(`${progress}٪`)}</Typography>
        </Box>
      )}
      <FormHelperText error={Boolean(error)}>{error ?? (helperText || ' ')}</FormHelperText>
    </Box>
  );
}
