// The ten latest letters from the user's favourite contacts (spec 1 §2 "Home dashboard":
// message/list PageType FavoritePerson) and the dialog choosing those contacts
// (person/getfavoritepersons, person/savefavoritepersons). Reloads when a letter arrives.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import StarOutline from '@mui/icons-material/StarOutlineOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { fetchFavoritePersons, fetchLetters } from '../letters/api';
import { LetterTable } from '../letters/list/LetterTable';
import { lazyDialog } from '../../ui/lazyDialog';
import { DashboardCard } from './DashboardCard';
import { useLoader } from './useLoader';
import { useRefreshOnNotification } from './useRefreshOnNotification';

// Loads when first opened: its form and person picker are not part of the dashboard.
const FavoritePersonsDialog = lazyDialog(
  () => import('./FavoritePersonsDialog').then((module) => module.FavoritePersonsDialog),
  (props) => props.open,
);

export const HOME_LETTER_COUNT = 10;

/** A failed load empties the list (spec 1 §8), and says so rather than "no letters". */
export const FAILED_TEXT =
  'نامه‌های مخاطبان منتخب بارگذاری نشد؛ با رسیدن نامه‌ی بعدی یا بازخوانی صفحه دوباره تلاش می‌شود.';

/** The letters; when there are none, whether that is because no contact is chosen yet. A
 *  refusal is a failed load (useLoader), not "no letters". */
async function loadLetters() {
  const letters = await fetchLetters({ pageType: 'FavoritePerson', page: 1, count: HOME_LETTER_COUNT });
  if (letters.problem) throw new Error(letters.problem);
  const noneChosen = letters.records.length === 0 && (await fetchFavoritePersons()).length === 0;
  return { records: letters.records, noneChosen };
}

export function FavoriteLetters() {
  const letters = useLoader(loadLetters, null);
  const [choosing, setChoosing] = useState(false);
  useRefreshOnNotification(letters.reload);
  const rows = letters.data?.records ?? [];
  return (
    <DashboardCard
      title="نامه‌های مخاطبان منتخب"
      icon={<StarOutline />}
      action={
        <Button size="small" startIcon={<PeopleOutlined />} onClick={() => setChoosing(true)}>
          انتخاب مخاطبان
        </Button>
      }
    >
      {!letters.loading && rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {letters.failed
            ? FAILED_TEXT
            : letters.data?.noneChosen
              ? 'هنوز مخاطبی برنگزیده‌اید؛ مخاطبان دلخواه خود را با «انتخاب مخاطبان» برگزینید.'
              : 'از مخاطبان منتخب شما نامه‌ای نرسیده است.'}
        </Typography>
      ) : (
        <LetterTable rows={rows} loading={letters.loading} pageType="AllMyMessage" showRecipients={false} />
      )}
      <FavoritePersonsDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        onSaved={() => {
          setChoosing(false);
          letters.reload();
        }}
      />
    </DashboardCard>
  );
}
