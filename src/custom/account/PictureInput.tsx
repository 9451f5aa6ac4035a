// Choose an image (images only, at most the server's 2 MB) and see it before it is sent.
import { useEffect, useId, useMemo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from '../../shared/uploads';

interface PictureInputProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  onRejected: (message: string) => void;
  /** What is shown before a file is chosen (the current picture's url). */
  currentUrl?: string;
  variant?: 'circular' | 'rounded';
  /** What the chosen file becomes before it is checked and kept (a signature's WebP: a PNG). */
  convert?: (file: File) => Promise<File>;
}

export const IMAGES_ONLY = 'فقط فایل تصویری (jpg، png، gif، webp) پذیرفته می‌شود';

export function PictureInput({
  label,
  file,
  onChange,
  onRejected,
  currentUrl,
  variant = 'circular',
  convert,
}: PictureInputProps) {
  const inputId = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (picked: File | undefined) => {
    if (!picked) return;
    if (!picked.type.startsWith('image/')) {
      onRejected(IMAGES_ONLY);
      return;
    }
    let chosen = picked;
    try {
      if (convert) chosen = await convert(picked);
    } catch {
      onRejected(IMAGES_ONLY); // not a picture the browser can draw
      return;
    }
    if (chosen.size > MAX_IMAGE_BYTES) {
      onRejected(imageTooLargeMessage(label));
      return;
    }
    onChange(chosen);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={preview ?? currentUrl}
        variant={variant}
        sx={{ width: 64, height: 64, bgcolor: 'action.hover' }}
        alt={label}
      >
        <PhotoCameraOutlined color="action" />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {file ? file.name : 'فایلی انتخاب نشده است'}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
          <Button size="small" variant="outlined" component="label" htmlFor={inputId}>
            انتخاب تصویر
            <input
              id={inputId}
              hidden
              type="file"
              accept="image/*"
              aria-label={label}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = ''; // the same file can be chosen again after removal
              }}
            />
          </Button>
          {file && (
            <Button size="small" color="inherit" onClick={() => onChange(null)}>
              حذف
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}
