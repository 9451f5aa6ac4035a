// The address of a link in a letter's body (LinkButton): a web address starting https://
// (or http://, which the server keeps too), said in Persian when it is not one; a link the
// selection is in is shown to be changed, or taken off.
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

export const LINK_ADDRESS_LABEL = 'نشانی پیوند';
/** The addresses in it are isolated left to right (U+2066 … U+2069): in a right-to-left line
 *  «https://» read «//:https». */
export const LINK_ADDRESS_INVALID =
  'نشانی درست نیست؛ با \u2066https://\u2069 آغاز کنید، مانند \u2066https://example.com\u2069';

/** Why an address cannot be a link's, or undefined when it can. */
export function linkAddressError(value: string): string | undefined {
  const address = value.trim();
  if (!address) return 'الزامی است';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return LINK_ADDRESS_INVALID;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname
    ? undefined
    : LINK_ADDRESS_INVALID;
}

interface LinkDialogProps {
  open: boolean;
  /** The address of the link the selection is in; empty: a new link. */
  current: string;
  onClose: () => void;
  onConfirm: (href: string) => void;
  onRemove: () => void;
}

export function LinkDialog({ open, current, onClose, onConfirm, onRemove }: LinkDialogProps) {
  const [address, setAddress] = useState(current);
  const [error, setError] = useState<string>();
  // Opened: starts from the link's own address (set as it renders open, not in an effect).
  const [wasOpen, setWasOpen] = useState(false);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setAddress(current);
      setError(undefined);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the letter's form in React's tree: its submit is not the letter's.
    event.stopPropagation();
    const refused = linkAddressError(address);
    if (refused) {
      setError(refused);
      return;
    }
    onConfirm(address.trim());
  };
  const editing = Boolean(current);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // The editor takes the focus back (LinkButton), with the text selected as it was.
      disableRestoreFocus
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: submit,
          sx: { width: 440, maxWidth: 'calc(100% - 32px)', m: 2 },
        },
      }}
    >
      <DialogTitle>{editing ? 'ویرایش پیوند' : 'افزودن پیوند'}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          label={LINK_ADDRESS_LABEL}
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error}
          placeholder="https://example.com"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', autoComplete: 'url', spellCheck: false } }}
        />
      </DialogContent>
      <DialogActions>
        {editing && (
          <Button onClick={onRemove} color="error" sx={{ marginInlineEnd: 'auto' }}>
            برداشتن پیوند
          </Button>
        )}
        <Button onClick={onClose}>لغو</Button>
        <Button type="submit" variant="contained">
          {editing ? 'ذخیره' : 'افزودن'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
