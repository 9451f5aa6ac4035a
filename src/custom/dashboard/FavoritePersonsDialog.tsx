// Choosing the favourite contacts whose letters the dashboard lists: colleagues by name
// (person lookup, the user left out), saved with person/savefavoritepersons.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { Form } from 'react-admin';
import { useNotice } from '../../ui/notices';
import { fetchFavoritePersons, saveFavoritePersons } from '../letters/api';
import { fetchMyPersonId } from '../letters/letter/useLetterChoices';
import { LookupInput } from '../letters/pickers/LookupInput';

interface Chosen {
  persons: number[];
  me: number | null;
}

interface FavoritePersonsDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function FavoritePersonsDialog({ open, onClose, onSaved }: FavoritePersonsDialogProps) {
  const notice = useNotice();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    let current = true;
    void Promise.all([fetchFavoritePersons(), fetchMyPersonId()])
      .then(([persons, me]) => ({ persons: persons.map((p) => p.id), me }))
      .catch(() => ({ persons: [], me: null }))
      .then((loaded) => current && setChosen(loaded));
    return () => {
      current = false;
      setChosen(null);
    };
  }, [open]);

  const save = async ({ persons }: { persons?: number[] }) => {
    setBusy(true);
    try {
      if (notice.fromAnswer(await saveFavoritePersons(persons ?? []))) onSaved();
    } catch (error) {
      notice.error(error instanceof Error ? error.message : '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 560, maxWidth: '95vw' } } }}
    >
      <DialogTitle>انتخاب مخاطبان منتخب</DialogTitle>
      {chosen ? (
        <Form
          defaultValues={{ persons: chosen.persons }}
          onSubmit={(values: { persons?: number[] }) => void save(values)}
          noValidate
        >
          <DialogContent sx={{ pt: 1 }}>
            <LookupInput source="persons" resource="person" label="مخاطبان" multiple exclude={[chosen.me]} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              لغو
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              ذخیره
            </Button>
          </DialogActions>
        </Form>
      ) : (
        <DialogContent>
          <Skeleton variant="rounded" height={56} />
        </DialogContent>
      )}
    </Dialog>
  );
}
