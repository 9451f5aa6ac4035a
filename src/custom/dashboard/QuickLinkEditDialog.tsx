// Edit a quick link's caption and url (GET link/get/, POST link/update/).
import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useNotice } from '../../ui/notices';
import { fetchQuickLink, updateQuickLink, type QuickLink } from './api';

interface QuickLinkEditDialogProps {
  /** The link to edit; null closes the dialog. */
  linkId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

export function QuickLinkEditDialog({ linkId, onClose, onSaved }: QuickLinkEditDialogProps) {
  return (
    <Dialog
      open={linkId !== null}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 560, maxWidth: '95vw' } } }}
    >
      <DialogTitle>ویرایش پیوند</DialogTitle>
      {/* Keyed by id: each link starts from a fresh, loading form. */}
      {linkId !== null && <QuickLinkForm key={linkId} linkId={linkId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

const missing = (value: string | undefined) => !value?.trim();

function QuickLinkForm({
  linkId,
  onClose,
  onSaved,
}: {
  linkId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notice = useNotice();
  const [link, setLink] = useState<QuickLink | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    fetchQuickLink(linkId)
      .then((loaded) => current && setLink(loaded))
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
    };
  }, [linkId]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!link) return;
    setBusy(true);
    try {
      if (notice.fromAnswer(await updateQuickLink(link))) {
        onSaved();
        onClose();
      }
    } catch (error) {
      notice.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const edit = (patch: Partial<QuickLink>) => link && setLink({ ...link, ...patch });
  return (
    <Box component="form" onSubmit={save}>
      {!link && <LinearProgress aria-label="در حال بارگذاری" />}
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label="عنوان"
          value={link?.caption ?? ''}
          onChange={(e) => edit({ caption: e.target.value })}
          disabled={!link}
          required
          error={Boolean(link) && missing(link?.caption)}
          helperText={link && missing(link.caption) ? 'الزامی است' : undefined}
        />
        <TextField
          label="نشانی"
          value={link?.url ?? ''}
          onChange={(e) => edit({ url: e.target.value })}
          disabled={!link}
          required
          error={Boolean(link) && missing(link?.url)}
          helperText={link && missing(link.url) ? 'الزامی است' : undefined}
          placeholder="https://"
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>لغو</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!link || busy || missing(link.caption) || missing(link.url)}
        >
          ذخیره
        </Button>
      </DialogActions>
    </Box>
  );
}
