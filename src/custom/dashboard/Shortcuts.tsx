// Home shortcuts (spec 1 §2, §6): new letter (entries by permission), sent letters,
// my cartable, all letters (permission AllMessages), drafts.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import AllInboxOutlined from '@mui/icons-material/AllInboxOutlined';
import DraftsOutlined from '@mui/icons-material/DraftsOutlined';
import { LinkBase } from 'react-admin';
import { hasPermission } from '../../api/session';
import { pathTo } from '../../routes';
import { LETTER_TYPES, newLetterLinks } from '../letters/letterTypes';
import { MenuButton, type MenuLink } from './MenuButton';

const sentLetterLinks: MenuLink[] = LETTER_TYPES.map((type) => ({
  label: type.label,
  to: pathTo(type.sentRoute) ?? '/',
}));

export function Shortcuts() {
  const newLetters = newLetterLinks();
  return (
    <Box component="nav" aria-label="میان‌برها" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {newLetters.length > 0 && (
        <MenuButton label="نامه جدید" icon={<EditNoteOutlined />} links={newLetters} variant="contained" />
      )}
      <MenuButton label="نامه‌های ارسالی" icon={<OutboxOutlined />} links={sentLetterLinks} />
      <Button
        variant="outlined"
        startIcon={<InboxOutlined />}
        component={LinkBase}
        to={pathTo('MyMessage') ?? '/'}
      >
        کارتابل من
      </Button>
      {hasPermission('AllMessages') && (
        <Button
          variant="outlined"
          startIcon={<AllInboxOutlined />}
          component={LinkBase}
          to={pathTo('AllMessage') ?? '/'}
        >
          همه نامه‌ها
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<DraftsOutlined />}
        component={LinkBase}
        to={pathTo('DraftMessage') ?? '/'}
      >
        پیش‌نویس‌ها
      </Button>
    </Box>
  );
}
