// The specification's delete confirmation: 'آیا اطمینان دارید ؟' with «لغو» / «بله».
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';

export const CONFIRM_QUESTION = 'آیا اطمینان دارید ؟';

interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  /** What is about to happen, under the question. */
  detail?: string;
}

export function ConfirmDialog({ open, onCancel, onConfirm, busy = false, detail }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 500, maxWidth: '95vw' } } }}
    >
      <DialogContent>
        <DialogContentText sx={{ color: 'text.primary', fontWeight: 700 }}>
          {CONFIRM_QUESTION}
        </DialogContentText>
        {detail && <DialogContentText sx={{ mt: 1 }}>{detail}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          لغو
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color="error" autoFocus>
          بله
        </Button>
      </DialogActions>
    </Dialog>
  );
}
