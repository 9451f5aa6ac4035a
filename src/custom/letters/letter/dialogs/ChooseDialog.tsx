// A dialog that asks for one record of a master-data resource (by its lookup) and does
// something with it: file the letter in an archive or favourite folder, print it into a
// template (spec 1 §2 "Dialogs").
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import { LookupPicker } from '../../pickers/LookupPicker';

interface ChooseDialogProps {
  open: boolean;
  title: string;
  resource: string;
  label: string;
  confirmLabel: string;
  onClose: () => void;
  /** Resolves true when done (the dialog closes). */
  onConfirm: (id: number) => Promise<boolean>;
}

export function ChooseDialog({
  open,
  title,
  resource,
  label,
  confirmLabel,
  onClose,
  onConfirm,
}: ChooseDialogProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setChosen(null);
    setMissing(false);
    onClose();
  };
  const confirm = async () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    setBusy(true);
    const done = await onConfirm(chosen).finally(() => setBusy(false));
    if (done) close();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 500, maxWidth: '95vw' } } }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <LookupPicker
          id={`choose-${resource}`}
          resource={resource}
          label={label}
          value={chosen ?? undefined}
          onChange={(id) => {
            setChosen(id);
            setMissing(false);
          }}
        />
        {missing && <FormHelperText error>الزامی است</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          لغو
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
