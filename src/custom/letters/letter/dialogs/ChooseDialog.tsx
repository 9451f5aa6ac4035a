// A dialog that asks for one record of a master-data resource (by its lookup) and does
// something with it: file the letter in an archive or favourite folder, print it into a
// template (spec 1 §2 "Dialogs"). While that runs its buttons are disabled, and a long
// one (a print: the document is made, then received) shows its progress. A refusal asks
// for the choices again: a record deleted meanwhile leaves the list and the choice.
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { LookupPicker } from '../../pickers/LookupPicker';

/** What the confirmed work is doing, and how far it is (0…1; null while unknown). */
export interface ChooseProgress {
  label: string;
  value: number | null;
}

function ProgressLine({ label, value }: ChooseProgress) {
  return (
    <Box sx={{ mt: 2 }} role="status">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        aria-label={label}
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value === null ? undefined : Math.round(value * 100)}
      />
    </Box>
  );
}

interface ChooseDialogProps {
  open: boolean;
  title: string;
  resource: string;
  label: string;
  confirmLabel: string;
  onClose: () => void;
  /** Resolves true when done (the dialog closes); false keeps it open to choose again. */
  onConfirm: (id: number) => Promise<boolean>;
  /** Shown while the confirmed work runs. */
  progress?: ChooseProgress | null;
  /** The list's words when there is nothing to choose yet (where to make one). */
  noneYet?: ReactNode;
  /** Where the letter is now (its folder of this kind): chosen when the dialog opens, and
   *  `onRemove` (a button named `removeLabel`) takes it out of there. */
  current?: { id: number | null; title: string };
  removeLabel?: string;
  onRemove?: () => Promise<boolean>;
  /** With exactly one record to choose from, it is chosen as the dialog opens (a print). */
  chooseTheOnlyOne?: boolean;
}

export function ChooseDialog({
  open,
  title,
  resource,
  label,
  confirmLabel,
  onClose,
  onConfirm,
  progress,
  noneYet,
  current,
  removeLabel,
  onRemove,
  chooseTheOnlyOne,
}: ChooseDialogProps) {
  const [chosen, setChosen] = useState<number | null>(null);
  const currentId = current?.id ?? null;
  // Opened: the letter's folder of this kind is the choice to start from (set as the
  // dialog renders open, not in an effect after it: no render with the old choice).
  const [openedWith, setOpenedWith] = useState<{ open: boolean; currentId: number | null }>({
    open: false,
    currentId: null,
  });
  if (openedWith.open !== open || openedWith.currentId !== currentId) {
    setOpenedWith({ open, currentId });
    if (open) setChosen(currentId);
  }
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // Bumped by a refusal: the picker mounts anew and asks for its choices again.
  const [asked, setAsked] = useState(0);
  const choose = useCallback((id: number | null) => {
    setChosen(id);
    setMissing(false);
  }, []);
  const close = () => {
    if (busy) return; // the work goes on: its answer (a refusal) belongs to this dialog
    setChosen(null);
    setMissing(false);
    onClose();
  };
  const confirm = async () => {
    if (busy) return;
    if (!chosen) {
      setMissing(true);
      // To the field that says why (a press of the confirm button left the keyboard there).
      document.getElementById(`choose-${resource}`)?.focus();
      return;
    }
    setBusy(true);
    const done = await onConfirm(chosen).finally(() => setBusy(false));
    if (done) {
      setChosen(null);
      setMissing(false);
      onClose();
    } else setAsked((n) => n + 1);
  };
  const remove = async () => {
    if (busy || !onRemove) return;
    setBusy(true);
    const done = await onRemove().finally(() => setBusy(false));
    if (done) {
      setChosen(null);
      onClose();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth={false}
      // A form: Enter confirms the choice (the picker's own Enter, on an open list, picks).
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            void confirm();
          },
          sx: { width: 500, maxWidth: '95vw' },
        },
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <LookupPicker
          key={asked}
          id={`choose-${resource}`}
          resource={resource}
          label={label}
          value={chosen ?? undefined}
          onChange={choose}
          noneYet={noneYet}
          autoFocus
          error={missing ? 'الزامی است' : undefined}
          chooseTheOnlyOne={chooseTheOnlyOne}
        />
        {current?.id ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
            {`اکنون در «${current.title}»`}
          </Typography>
        ) : null}
        {busy && progress && <ProgressLine {...progress} />}
      </DialogContent>
      <DialogActions>
        {current?.id && onRemove ? (
          <Button
            onClick={() => void remove()}
            disabled={busy}
            color="error"
            sx={{ marginInlineEnd: 'auto' }}
          >
            {removeLabel}
          </Button>
        ) : null}
        <Button onClick={close} disabled={busy}>
          لغو
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
