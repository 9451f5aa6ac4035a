// The letter screen's two rows of buttons (spec 1 §2): on top the new-letter menu, reply,
// forward, archive, favourite, print and delete (each opens its dialog); at the bottom
// send, assign number, save draft, sign, remove signature and forward draft. Each is open
// or closed as letterButtons.ts says.
import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import EditOffOutlined from '@mui/icons-material/EditOffOutlined';
import ForwardOutlined from '@mui/icons-material/ForwardOutlined';
import NumbersOutlined from '@mui/icons-material/NumbersOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import ShortcutOutlined from '@mui/icons-material/ShortcutOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import { MenuButton } from '../../dashboard/MenuButton';
import { useNewLetterLinks } from '../letterTypes';
import type { LetterButtons } from './letterButtons';
import type { DialogName } from './LetterDialogs';
import type { LetterActions } from './useLetterActions';

interface TopBarProps {
  heading: string;
  buttons: LetterButtons;
  busy: boolean;
  onAction: (dialog: DialogName) => void;
}

const TOP_ACTIONS: Array<{ name: DialogName & keyof LetterButtons; label: string; icon: ReactNode }> = [
  { name: 'reply', label: 'پاسخ', icon: <ReplyOutlined /> },
  { name: 'forward', label: 'ارجاع', icon: <ShortcutOutlined /> },
  { name: 'archive', label: 'بایگانی', icon: <ArchiveOutlined /> },
  { name: 'favorite', label: 'پوشه دلخواه', icon: <StarBorderOutlined /> },
  { name: 'print', label: 'چاپ', icon: <PrintOutlined /> },
  { name: 'delete', label: 'حذف', icon: <DeleteOutlined /> },
];

export function LetterTopBar({ heading, buttons, busy, onAction }: TopBarProps) {
  const newLetters = useNewLetterLinks();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 200 }}>
        {heading}
      </Typography>
      <Box role="toolbar" aria-label="کارهای نامه" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {newLetters.length > 0 && (
          <MenuButton label="نامه جدید" icon={<EditNoteOutlined />} links={newLetters} />
        )}
        {TOP_ACTIONS.map((action) => (
          <Button
            key={action.name}
            variant="outlined"
            color={action.name === 'delete' ? 'error' : 'primary'}
            startIcon={action.icon}
            disabled={busy || !buttons[action.name]}
            onClick={() => onAction(action.name)}
          >
            {action.label}
          </Button>
        ))}
      </Box>
    </Box>
  );
}

interface BottomBarProps {
  buttons: LetterButtons;
  actions: LetterActions;
  onForwardDraft: () => void;
}

export function LetterBottomBar({ buttons, actions, onForwardDraft }: BottomBarProps) {
  const bottom: Array<{ key: keyof LetterButtons; label: string; icon: ReactNode; run: () => unknown }> = [
    { key: 'send', label: 'ارسال', icon: <SendOutlined />, run: actions.send },
    { key: 'number', label: 'شماره‌گذاری', icon: <NumbersOutlined />, run: actions.assignNumber },
    { key: 'saveDraft', label: 'ذخیره پیش‌نویس', icon: <SaveOutlined />, run: actions.saveDraft },
    { key: 'sign', label: 'امضا', icon: <DrawOutlined />, run: actions.sign },
    { key: 'removeSignature', label: 'حذف امضا', icon: <EditOffOutlined />, run: actions.removeSignature },
    { key: 'forwardDraft', label: 'ارجاع پیش‌نویس', icon: <ForwardOutlined />, run: onForwardDraft },
  ];
  useSaveShortcut(buttons.saveDraft && !actions.busy, actions.saveDraft);
  return (
    <Box
      role="toolbar"
      aria-label="ثبت نامه"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 2, borderTop: 1, borderColor: 'divider' }}
    >
      {bottom.map((button) => (
        <Button
          key={button.key}
          variant={button.key === 'send' ? 'contained' : 'outlined'}
          startIcon={button.icon}
          disabled={actions.busy || !buttons[button.key]}
          onClick={() => void button.run()}
          aria-keyshortcuts={button.key === 'saveDraft' ? 'Control+S' : undefined}
        >
          {button.label}
        </Button>
      ))}
    </Box>
  );
}

/**
 * Ctrl+S (⌘S) saves the draft, as in the editors users know (probe helper-67), when
 * «ذخیره پیش‌نویس» may; on the letter screen it never opens the browser's «save page», and
 * it leaves an open dialog (a forward's note) alone. By the key's place, not its letter:
 * on a Persian keyboard it reads «س».
 */
function useSaveShortcut(mayNow: boolean, save: () => unknown) {
  const latest = useRef({ mayNow, save });
  useEffect(() => {
    latest.current = { mayNow, save };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.code !== 'KeyS')
        return;
      event.preventDefault();
      if (document.querySelector('[role="dialog"]')) return;
      if (latest.current.mayNow) void latest.current.save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
