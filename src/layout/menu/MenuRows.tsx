// One row of the side menu: a link, or a group header that opens and closes its children.
// Only the first level has icons; deeper levels are indented. With the sidebar closed only
// first-level rows show, as icons with a tooltip; a group then opens the sidebar on itself.
// A letter folder's entry names the folder, its parents' path under it on one line, and the
// whole path in a tooltip: a deep tree of long names stays a few lines per entry.
import { Box, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { MenuItemLink, useSidebarState, type MenuItemLinkProps } from 'react-admin';
import { useMatch } from 'react-router-dom';
import { ForwardChevron } from './DirectionalChevron';
import { menuIcon } from './menuIcons';
import { isGroup, menuTarget, type MenuRecord } from './menuTree';
import type { MenuRow } from './visibleRows';

/** A target as a location: react-admin marks the entry of the page open by its path, which
 *  a folder's «?title=…» written into the string kept from matching. */
function linkTo(target: string) {
  const [pathname, search] = target.split('?');
  return search === undefined ? pathname : { pathname, search: `?${search}` };
}

// Theme spacing units, written as left padding: the RTL style plugin turns it into right.
// First-level text starts after a 40 px icon (2 + 5 units); each deeper level goes 2 further.
const ICON_WIDTH = 5;
const indent = (depth: number) => (depth === 0 ? 2 : 2 + ICON_WIDTH + depth * 2);
// The same icon width on links (react-admin's MenuItemLink) and group headers, so texts line up.
const rowSx = (depth: number) => ({
  pl: indent(depth),
  py: 0.75,
  minHeight: 40,
  // A finger's size on a touch screen (a tablet's rows measured 36 px).
  '@media (pointer: coarse)': { minHeight: 48 },
  whiteSpace: 'normal',
  // react-admin's link label is one line cut with «…»: let a long label wrap instead, even
  // inside a word (a folder's name may be one long word) — not in the closed menu, a column
  // of icons, where the label wrapped letter by letter and the Home entry stood 300 px tall.
  '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible', minWidth: 0 },
  overflowWrap: 'anywhere',
  '.RaSidebar-closed & .MuiTypography-noWrap': { whiteSpace: 'nowrap', overflow: 'hidden' },
  '& .MuiListItemIcon-root': { minWidth: ICON_WIDTH * 8 },
});

export function MenuRowItem({ row, onToggle }: { row: MenuRow; onToggle: (id: number) => void }) {
  return isGroup(row.item) ? <GroupRow row={row} onToggle={onToggle} /> : <LinkRow row={row} />;
}

/** A menu entry that says to a screen reader which page is the current one (react-admin's
 *  only colours it). */
function PageLink(props: MenuItemLinkProps) {
  const path = (typeof props.to === 'string' ? props.to : props.to.pathname) ?? '';
  const current = useMatch({ path, end: path === '/' });
  return <MenuItemLink {...props} aria-current={current ? 'page' : undefined} />;
}

function LinkRow({ row: { item, depth } }: { row: MenuRow }) {
  const target = menuTarget(item);
  const icon = depth === 0 ? menuIcon(item) : undefined;
  if (target && isFolder(item)) {
    return (
      // 'right' is flipped to the left by MUI in RTL, beside the right-hand sidebar.
      <Tooltip title={item.title} placement="right">
        <PageLink
          to={linkTo(target)}
          primaryText={<FolderLabel path={item.title} own={item.ownTitle} />}
          sx={rowSx(depth)}
        />
      </Tooltip>
    );
  }
  if (target)
    return <PageLink to={linkTo(target)} primaryText={item.title} leftIcon={icon} sx={rowSx(depth)} />;
  // A route this client does not know yet: shown, since the server sent it, but inert.
  return (
    <MenuItem disabled sx={rowSx(depth)}>
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText primary={item.title} />
    </MenuItem>
  );
}

function GroupRow({
  row: { item, depth, expanded },
  onToggle,
}: {
  row: MenuRow;
  onToggle: (id: number) => void;
}) {
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const toggle = () => {
    if (sidebarOpen) onToggle(item.id);
    else {
      setSidebarOpen(true);
      if (!expanded) onToggle(item.id);
    }
  };
  const header = (
    <MenuItem onClick={toggle} aria-expanded={expanded} sx={rowSx(depth)}>
      {depth === 0 && <ListItemIcon>{menuIcon(item)}</ListItemIcon>}
      {sidebarOpen && (
        <>
          <ListItemText primary={item.title} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
          {expanded ? <ExpandMoreIcon fontSize="small" /> : <ForwardChevron fontSize="small" />}
        </>
      )}
    </MenuItem>
  );
  if (sidebarOpen) return header;
  return (
    // 'right' is flipped to the left by MUI in RTL, beside the right-hand sidebar.
    <Tooltip title={item.title} placement="right">
      {header}
    </Tooltip>
  );
}

/** The server names a folder by its full path, its parents' titles first (TREE_SEPARATOR). */
const FOLDER_SEPARATOR = ' / ';
const isFolder = (item: MenuRecord) => item.type === 'ArchiveMessage' || item.type === 'FavoriteMessage';

const clampSx = (lines: number) => ({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: lines,
  overflow: 'hidden',
});

/** The folder's own title (at most two lines), and its parents' path on one line under it. */
function FolderLabel({ path, own }: { path: string; own?: string }) {
  // The server names the own title apart (a title may hold « / » itself); an older answer
  // without it is split at the last separator.
  const title = own ?? path.split(FOLDER_SEPARATOR).pop() ?? path;
  const parents =
    path.endsWith(title) && path.length > title.length
      ? path.slice(0, path.length - title.length - FOLDER_SEPARATOR.length)
      : '';
  return (
    <>
      <Box component="span" sx={clampSx(2)}>
        {title}
      </Box>
      {parents && (
        <Box component="span" sx={{ ...clampSx(1), fontSize: '0.75rem', color: 'text.secondary' }}>
          {parents}
        </Box>
      )}
    </>
  );
}
