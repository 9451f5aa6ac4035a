// Home shortcuts (spec 1 §2, §6): new letter (entries by permission), sent letters,
// my cartable and drafts (Messages), all letters (AllMessages) — each only where its screen
// opens for the user.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import AllInboxOutlined from '@mui/icons-material/AllInboxOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import { LinkBase } from 'react-admin';
import { usePermissions } from '../../auth';
import { pathTo } from '../../routes';
import { LETTER_TYPES, newLetterLinks } from '../letters/letterTypes';
import { MenuButton, type MenuLink } from './MenuButton';

const sentLetterLinks: MenuLink[] = LETTER_TYPES.map((type) => ({
  label: type.label,
  to: pathTo(type.sentRoute) ?? '/',
}));

export function Shortcuts() {
  const permissions = usePermissions();
  const newLetters = newLetterLinks(permissions);
  const ownLetters = permissions.includes('Messages');
  return (
    <Box component="nav" aria-label="میان‌برها" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {newLetters.length > 0 && (
        <MenuButton label="نامه جدید" icon={<EditNoteOutlined />} links={newLetters} variant="contained" />
      )}
      {ownLetters && <MenuButton label="نامه‌های ارسالی" icon={<OutboxOutlined />} links={sentLetterLinks} />}
      {ownLetters && (
        <Button
          variant="outlined"
          startIcon={<InboxOutlined />}
          component={LinkBase}
          to={pathTo('MyMessage') ?? '/'}
        >
          کارتابل من
        </Button>
      )}
      {permissions.includes('AllMessages') && (
        <Button
          variant="outlined"
          startIcon={<AllInboxOutlined />}
          component={LinkBase}
          to={pathTo('AllMessage') ?? '/'}
        >
          همه نامه‌ها
        </Button>
      )}
      {ownLetters && (
        <Button
          variant="outlined"
          startIcon={<DraftsOutlined />}
          component={LinkBase}
          to={pathTo('DraftMessage') ?? '/'}
        >
          پیش‌نویس‌ها
        </Button>
      )}
    </Box>
  );
}
