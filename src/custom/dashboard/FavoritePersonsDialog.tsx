// Choosing the favourite contacts whose letters the dashboard lists: colleagues by name
// (person lookup, the user left out), saved with person/savefavoritepersons. How many may be
// chosen is said as they are chosen (the server keeps 50 at most), and a contact switched
// off since is marked: taken off, the lookup would not offer them again.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { groupDigits } from '../../shared/persian-digits';
import { useNotice } from '../../ui/notices';
import { FAVORITE_PERSONS_MAX } from '../../shared/letter-limits';
import { FAVORITES_UNREAD, fetchFavoritePersons, saveFavoritePersons } from '../letters/api';
import { fetchMyPersonId } from '../letters/letter/useLetterChoices';
import { LookupInput } from '../letters/pickers/LookupInput';

interface Chosen {
  persons: number[];
  /** Those of them switched off since they were chosen. */
  inactive: number[];
  me: number | null;
}

/** The dialog's load: the chosen contacts, or why they could not be read. A failed load
 *  offers no form: saving an empty one would erase the contacts chosen before. */
type Loaded = Chosen | { failed: string };

interface FavoritePersonsDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const TOO_MANY = `حداکثر ${groupDigits(FAVORITE_PERSONS_MAX)} نفر را می‌توانید برگزینید`;

/** Refused before a save, in the server's measure, not by its answer after one. */
const atMostAllowed = (value: unknown) =>
  Array.isArray(value) && value.length > FAVORITE_PERSONS_MAX ? TOO_MANY : undefined;

/** «۱۲ از ۵۰ نفر» beside the buttons, and why a contact marked switched off is worth keeping. */
function ChosenCount({ inactive }: { inactive: number[] }) {
  const persons = (useWatch({ name: 'persons' }) as unknown[] | undefined) ?? [];
  const stillChosen = inactive.some((id) => persons.includes(id));
  return (
    <Typography
      variant="caption"
      component="p"
      role="status"
      color={persons.length > FAVORITE_PERSONS_MAX ? 'error' : 'text.secondary'}
      // At the actions' start, the buttons at their end.
      sx={{ mx: 1, marginInlineEnd: 'auto', flex: '1 1 auto', minWidth: 0 }}
    >
      {`${groupDigits(persons.length)} از ${groupDigits(FAVORITE_PERSONS_MAX)} نفر`}
      {stillChosen && '؛ مخاطب غیرفعال را اگر بردارید، دیگر نمی‌توانید دوباره بیفزایید'}
    </Typography>
  );
}

export function FavoritePersonsDialog({ open, onClose, onSaved }: FavoritePersonsDialogProps) {
  const notice = useNotice();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    let current = true;
    void Promise.all([fetchFavoritePersons(), fetchMyPersonId().catch(() => null)])
      .then(([persons, me]): Loaded => ({
        persons: persons.map((p) => p.id),
        inactive: persons.filter((p) => p.isActive === false).map((p) => p.id),
        me,
      }))
      .catch((error: unknown): Loaded => ({
        failed: error instanceof Error && error.message ? error.message : FAVORITES_UNREAD,
      }))
      .then((result) => current && setLoaded(result));
    return () => {
      current = false;
      setLoaded(null);
    };
  }, [open, attempt]);
  const chosen = loaded && !('failed' in loaded) ? loaded : null;

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
          {/* Many chips scroll here, under the title; the count and the buttons stay in view
              (the whole dialog scrolled on a phone, the count below the fold). */}
          <DialogContent sx={{ pt: 1, maxHeight: '55vh', overflowY: 'auto' }}>
            <LookupInput
              source="persons"
              resource="person"
              label="مخاطبان"
              multiple
              exclude={[chosen.me]}
              inactive={chosen.inactive}
              validate={atMostAllowed}
            />
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ChosenCount inactive={chosen.inactive} />
            <Button onClick={onClose} disabled={busy}>
              لغو
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              ذخیره
            </Button>
          </DialogActions>
        </Form>
      ) : loaded ? (
        <>
          <DialogContent>
            <Alert severity="error">{'failed' in loaded ? loaded.failed : FAVORITES_UNREAD}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>بستن</Button>
            <Button variant="contained" onClick={() => setAttempt((n) => n + 1)}>
              تلاش دوباره
            </Button>
          </DialogActions>
        </>
      ) : (
        <DialogContent>
          <Skeleton variant="rounded" height={56} />
        </DialogContent>
      )}
    </Dialog>
  );
}
