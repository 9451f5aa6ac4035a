// The place of the ten latest letters from favourite contacts. The letters area fills it
// (message/list PageType FavoritePerson, person/savefavoritepersons) when it lands.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StarOutline from '@mui/icons-material/StarOutlineOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import { DashboardCard } from './DashboardCard';

export const FAVORITE_LETTERS_PENDING = 'پس از فعال شدن بخش نامه‌ها نمایش داده می‌شود';

export function FavoriteLetters() {
  return (
    <DashboardCard title="نامه‌های مخاطبان منتخب" icon={<StarOutline />}>
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          gap: 1,
          py: 4,
          color: 'text.secondary',
          textAlign: 'center',
        }}
      >
        <MailOutline sx={{ fontSize: 40, opacity: 0.5 }} />
        <Typography variant="body2">{FAVORITE_LETTERS_PENDING}</Typography>
      </Box>
    </DashboardCard>
  );
}
