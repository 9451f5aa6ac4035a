// The help icon of a screen and its panel: a card 900 px wide that the user can shrink to
// 320 px and back (spec 3 §9), with the resource's help text.
import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';

const LARGE = 900;
const SMALL = 320;

export function HelpButton({ title, text }: { title: string; text?: string }) {
  const [open, setOpen] = useState(false);
  const [large, setLarge] = useState(true);
  return (
    <>
      <Tooltip title="راهنما">
        <IconButton color="primary" aria-label="راهنما" onClick={() => setOpen(true)}>
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth={false}
        aria-labelledby="help-panel-title"
        slotProps={{
          paper: { sx: { width: large ? LARGE : SMALL, maxWidth: '95vw', transition: 'width 200ms' } },
        }}
      >
        <DialogTitle id="help-panel-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <Typography component="span" variant="h6" sx={{ flexGrow: 1 }}>
            راهنمای {title}
          </Typography>
          <Tooltip title={large ? 'کوچک کردن' : 'بزرگ کردن'}>
            <IconButton
              size="small"
              aria-label={large ? 'کوچک کردن' : 'بزرگ کردن'}
              onClick={() => setLarge(!large)}
            >
              {large ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
          <IconButton size="small" aria-label="بستن" onClick={() => setOpen(false)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 2 }}>
            {text || 'راهنمایی برای این بخش نوشته نشده است.'}
          </Typography>
        </DialogContent>
      </Dialog>
    </>
  );
}
