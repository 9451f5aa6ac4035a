// The specification's delete confirmation: 'آیا اطمینان دارید ؟' with «لغو» / «بله».
// The question is the dialog's title (its accessible name) and the detail its description;
// the focus starts on «لغو», so that Enter pressed twice (the one that opened the dialog,
// then one more) cancels instead of deleting.
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const CONFIRM_QUESTION = 'آیا اطمینان دارید ؟';

interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  /** What is about to happen, under the question. */
  detail?: string;
  /** The question; the specification's «آیا اطمینان دارید ؟» by default. */
  title?: string;
  /** The button that goes ahead; «بله» by default. */
  confirmLabel?: string;
  /** The button that keeps things as they are (focused first); «لغو» by default. */
  cancelLabel?: string;
}

export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  busy = false,
  detail,
  title = CONFIRM_QUESTION,
  confirmLabel = 'بله',
  cancelLabel = 'لغو',
}: ConfirmDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const detailId = `${id}-detail`;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      maxWidth={false}
      aria-labelledby={titleId}
      aria-describedby={detail ? detailId : undefined}
      slotProps={{ paper: { sx: { width: 500, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId} sx={{ fontSize: '1rem', fontWeight: 700, pb: detail ? 1 : 2 }}>
        {title}
      </DialogTitle>
      {detail && (
        <DialogContent>
          <DialogContentText id={detailId}>{detail}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color="error">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
