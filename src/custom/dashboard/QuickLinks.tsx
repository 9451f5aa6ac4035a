// Quick-link tiles: each opens its url in a new tab, with edit and delete; the last
// tile leads to the Links screen to add one.
import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { Theme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { LinkBase } from 'react-admin';
import { pathTo } from '../../routes';
import { lazyDialog } from '../../ui/lazyDialog';
import { useNotice } from '../../ui/notices';
import { deleteQuickLink, type QuickLink } from './api';

// The dialogs load when first opened.
const QuickLinkEditDialog = lazyDialog(
  () => import('./QuickLinkEditDialog').then((module) => module.QuickLinkEditDialog),
  (props) => props.linkId !== null,
);
const ConfirmDialog = lazyDialog(
  () => import('./ConfirmDialog').then((module) => module.ConfirmDialog),
  (props) => props.open,
);

const TILE_GRID = { display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' };

/** Only http(s) urls become links: a stored "javascript:" url must never run. */
export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

interface QuickLinksProps {
  links: QuickLink[];
  loading: boolean;
  onChanged: () => void;
}

export function QuickLinks({ links, loading, onChanged }: QuickLinksProps) {
  const notice = useNotice();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<QuickLink | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      if (notice.fromAnswer(await deleteQuickLink(deleting.linkId))) onChanged();
      setDeleting(null);
    } catch (error) {
      notice.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Box sx={TILE_GRID}>
        {loading
          ? [1, 2, 3].map((n) => <Skeleton key={n} variant="rounded" height={64} />)
          : links.map((link) => (
              <LinkTile
                key={link.linkId}
                link={link}
                onEdit={() => setEditing(link.linkId)}
                onDelete={() => setDeleting(link)}
              />
            ))}
        <AddTile />
      </Box>
      <QuickLinkEditDialog linkId={editing} onClose={() => setEditing(null)} onSaved={onChanged} />
      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        detail={deleting ? `پیوند «${deleting.caption}» حذف می‌شود.` : undefined}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}

function LinkTile({ link, onEdit, onDelete }: { link: QuickLink; onEdit: () => void; onDelete: () => void }) {
  const href = safeHref(link.url);
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', alignItems: 'center', minHeight: 64, overflow: 'hidden' }}
    >
      <ButtonBase
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        disabled={!href}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          gap: 1.5,
          p: 1.5,
          alignSelf: 'stretch',
          ...KEYBOARD_RING,
        }}
      >
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 16 }}>
          {link.caption.trim().charAt(0) || '؟'}
        </Avatar>
        <Box sx={{ minWidth: 0, textAlign: 'start' }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {link.caption}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="div"
            dir="ltr"
            sx={{ textAlign: 'end' }}
          >
            {hostOf(link.url)}
          </Typography>
        </Box>
      </ButtonBase>
      <Box sx={{ display: 'flex', flexDirection: 'column', pe: 0.5 }}>
        <Tooltip title="ویرایش">
          <IconButton size="small" aria-label={`ویرایش ${link.caption}`} onClick={onEdit}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="حذف">
          <IconButton size="small" aria-label={`حذف ${link.caption}`} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Paper>
  );
}

/** The theme's ring where the keyboard is (buttons, tabs and cards have it from the theme;
 *  a bare ButtonBase has none), drawn inside: the tile's paper clips what is outside. */
const KEYBOARD_RING = {
  '&.Mui-focusVisible': {
    outline: (theme: Theme) => `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
  },
} as const;

function AddTile() {
  return (
    <ButtonBase
      component={LinkBase}
      to={pathTo('Links') ?? '/links'}
      sx={{
        minHeight: 64,
        gap: 1,
        borderRadius: 1,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        color: 'text.secondary',
        '&:hover': { color: 'primary.main', borderColor: 'primary.main' },
        ...KEYBOARD_RING,
      }}
    >
      <AddLinkOutlined />
      <Typography variant="body2">افزودن پیوند</Typography>
    </ButtonBase>
  );
}
