// The table of a letter list (spec 1 §2): type badge, read icon, subject (opens the letter),
// sender, recipients (sent pages and all letters only), number, Jalali date and delete.
// Numbers and dates in Persian digits; an unread letter's subject is bold. Where the
// columns do not fit (a phone; a tablet with the side menu open) they would scroll
// sideways, the number, date and delete out of sight: each letter is one cell there
// instead, its subject on the first line and sender, recipients, number and date under it.
import { useRef, type MouseEvent, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AttachFile from '@mui/icons-material/AttachFile';
import Business from '@mui/icons-material/Business';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FolderOffOutlined from '@mui/icons-material/FolderOffOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { LinkBase } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { avatarUrl } from '../../../auth';
import { formatJalali } from '../../../shared/jalali';
import { groupDigits, toPersianDigits } from '../../../shared/persian-digits';
import type { LetterRow, PageType } from '../api';
import { INCOMING, letterPath } from '../letterTypes';
import { LetterTypeBadge } from './LetterTypeBadge';
import { LIST_LOAD_FAILED } from './useLetterPage';
import { useElementWidth } from '../../../ui/useElementWidth';

/** The room the columns need (their headers, a number and a date unwrapped, a subject and
 *  names of a few words), measured in Chromium: less, and the list is one cell a letter. */
function columnsWidth(showRecipients: boolean, withDelete: boolean) {
  return 700 + (showRecipients ? 150 : 0) + (withDelete ? 70 : 0);
}

interface LetterTableProps {
  rows: LetterRow[];
  loading: boolean;
  pageType: PageType;
  showRecipients: boolean;
  /** Absent: no delete column (the dashboard's short list). */
  onDelete?: (row: LetterRow) => void;
  /** What an empty list says instead of «نامه‌ای یافت نشد» (the server's reason, where
   *  folders are made). */
  emptyText?: ReactNode;
  /** The page could not be loaded: said so, with «تلاش دوباره» calling this. */
  onRetry?: () => void;
}

export function ReadIcon({ read }: { read: boolean }) {
  const label = read ? 'خوانده‌شده' : 'خوانده‌نشده';
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
        {read ? (
          <MarkEmailReadOutlined fontSize="small" color="disabled" />
        ) : (
          <MarkEmailUnreadOutlined fontSize="small" color="primary" />
        )}
      </Box>
    </Tooltip>
  );
}

const headSx = { fontWeight: 700, whiteSpace: 'nowrap' } as const;

export function LetterTable({
  rows,
  loading,
  pageType,
  showRecipients,
  onDelete,
  emptyText,
  onRetry,
}: LetterTableProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const compact = width === undefined ? phone : width < columnsWidth(showRecipients, Boolean(onDelete));
  const columns = compact ? 2 + (onDelete ? 1 : 0) : 6 + (showRecipients ? 1 : 0) + (onDelete ? 1 : 0);
  const Row = compact ? LetterCompactRow : LetterTableRow;
  // The rows shown while the next page loads are the last answer's: a bar says so, and
  // they are dimmed (a search's old results read as its new ones).
  const stale = loading && rows.length > 0;
  return (
    <Box ref={box} sx={{ overflowX: 'auto', position: 'relative' }} aria-busy={loading}>
      {stale && (
        <LinearProgress
          aria-label="در حال بارگذاری"
          sx={{ position: 'absolute', top: 0, insetInline: 0, zIndex: 1 }}
        />
      )}
      <Table size="small" aria-label="فهرست نامه‌ها" sx={stale ? { opacity: 0.5 } : undefined}>
        {/* A phone's one cell per letter says what it holds: no header row to draw. */}
        {!compact && (
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...headSx, width: 72 }}>نوع</TableCell>
              <TableCell sx={{ ...headSx, width: 42 }}>وضعیت</TableCell>
              <TableCell sx={headSx}>موضوع</TableCell>
              <TableCell sx={headSx}>فرستنده</TableCell>
              {showRecipients && <TableCell sx={headSx}>گیرندگان</TableCell>}
              <TableCell sx={headSx}>شماره نامه</TableCell>
              <TableCell sx={headSx}>تاریخ</TableCell>
              {onDelete && <TableCell sx={{ ...headSx, width: 56 }}>عملیات</TableCell>}
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {loading && rows.length === 0 && <LoadingRows columns={columns} />}
          {!loading && rows.length === 0 && onRetry && <LoadFailedRow columns={columns} onRetry={onRetry} />}
          {!loading && rows.length === 0 && !onRetry && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
                {emptyText ?? 'نامه‌ای یافت نشد'}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <Row
              key={row.messageId}
              row={row}
              pageType={pageType}
              showRecipients={showRecipients}
              onDelete={onDelete}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

type RowProps = Omit<LetterTableProps, 'rows' | 'loading'> & { row: LetterRow };

/**
 * A click anywhere on a row opens its letter, as in the office systems users know (probe
 * helper-67: only the subject did). The subject stays the link — the keyboard's and a
 * screen reader's way in, and a new tab's with Ctrl or the middle button; a click on a
 * button or link of the row, or one that ends a selection of its text, is theirs.
 */
function useOpenOnClick(row: LetterRow, pageType: PageType) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (target.closest('a, button, [role="button"], [role="tooltip"]')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(letterPath(pageType, row.messageTypeFk, row.messageId));
  };
}

/** The subject's own focus ring is cut off by its three-line clamp (overflow hidden): the
 *  keyboard's focus on a subject — Tab, or Back to the list (useReturnToRow) — rings its row. */
const CLICKABLE_ROW = {
  cursor: 'pointer',
  '&:has(a:focus-visible)': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
} as const;

function LetterTableRow({ row, pageType, showRecipients, onDelete }: RowProps) {
  return (
    <TableRow
      hover
      data-testid="letter-row"
      data-message-id={row.messageId}
      onClick={useOpenOnClick(row, pageType)}
      sx={CLICKABLE_ROW}
    >
      <TableCell>
        <LetterTypeBadge messageType={row.messageTypeFk} label={row.messageTypeString} />
      </TableCell>
      <TableCell>
        <ReadIcon read={row.isReaded} />
      </TableCell>
      {/* A subject or a name may be one long word: it breaks anywhere, so number, date and
          delete stay in view. */}
      <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
        <SubjectLink row={row} pageType={pageType} />
      </TableCell>
      <TableCell sx={{ minWidth: 170 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SenderAvatar row={row} />
          <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {row.messageFrom}
          </Box>
        </Box>
      </TableCell>
      {showRecipients && (
        <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
          <Recipients names={row.messageTo} />
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{letterNumber(row)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {/* The hour under the pointer: a day's letters are told apart (probe helper-67). */}
        <Tooltip title={letterDate(row, true)}>
          <span>{letterDate(row)}</span>
        </Tooltip>
      </TableCell>
      {onDelete && (
        <TableCell>
          <DeleteButton row={row} pageType={pageType} onDelete={onDelete} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** One letter on a phone: badge and read icon, then subject over sender · recipients · number · date. */
function LetterCompactRow({ row, pageType, showRecipients, onDelete }: RowProps) {
  const details = [
    row.messageFrom,
    showRecipients && row.messageTo ? `به ${fewRecipients(row.messageTo).shown}` : '',
    letterNumber(row),
    letterDate(row),
  ].filter(Boolean);
  return (
    <TableRow
      hover
      data-testid="letter-row"
      data-message-id={row.messageId}
      onClick={useOpenOnClick(row, pageType)}
      sx={CLICKABLE_ROW}
    >
      <TableCell sx={{ width: 72, px: 1, verticalAlign: 'top' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
          <LetterTypeBadge messageType={row.messageTypeFk} label={row.messageTypeString} />
          <ReadIcon read={row.isReaded} />
        </Box>
      </TableCell>
      <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>
        <SubjectLink row={row} pageType={pageType} />
        <Box sx={{ color: 'text.secondary', fontSize: '0.8rem', mt: 0.5 }}>{details.join(' · ')}</Box>
      </TableCell>
      {onDelete && (
        <TableCell sx={{ width: 40, px: 0.5 }}>
          <DeleteButton row={row} pageType={pageType} onDelete={onDelete} />
        </TableCell>
      )}
    </TableRow>
  );
}

/** Recipients a row names before «و n نفر دیگر»; a letter to 25 people stays one or two lines. */
const RECIPIENTS_SHOWN = 2;
/** The server joins the recipients' names with «، ». */
const RECIPIENT_SEPARATOR = '، ';

/** The first few recipients and how many more there are (none when at most one more). */
function fewRecipients(messageTo: string): { shown: string; more: number } {
  const names = messageTo.split(RECIPIENT_SEPARATOR);
  if (names.length <= RECIPIENTS_SHOWN + 1) return { shown: messageTo, more: 0 };
  const more = names.length - RECIPIENTS_SHOWN;
  const first = names.slice(0, RECIPIENTS_SHOWN).join(RECIPIENT_SEPARATOR);
  return { shown: `${first} و ${groupDigits(more)} نفر دیگر`, more };
}

/** The recipients cell: the first few names; all of them in a tooltip when some are left out. */
function Recipients({ names }: { names: string }) {
  const { shown, more } = fewRecipients(names);
  if (!more) return <>{names}</>;
  return (
    <Tooltip title={names}>
      <span>{shown}</span>
    </Tooltip>
  );
}

/** A long subject (up to 500 characters) shows its first three lines; the rest is in its
 *  title. A 300-character subject made a row fifteen lines high on the dashboard. */
const SUBJECT_LINES_SX = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

function SubjectLink({ row, pageType }: { row: LetterRow; pageType: PageType }) {
  return (
    <Box component="span" sx={SUBJECT_LINES_SX} title={row.subject || undefined}>
      <Box
        component={LinkBase}
        to={letterPath(pageType, row.messageTypeFk, row.messageId)}
        sx={{
          color: 'text.primary',
          fontWeight: row.isReaded ? 400 : 700,
          textDecoration: 'none',
          '&:hover, &:focus-visible': { textDecoration: 'underline' },
          '&:focus-visible': { outline: 'none' },
        }}
      >
        {row.subject || 'بدون موضوع'}
      </Box>
      {row.hasMessageAttachment && (
        <AttachFile fontSize="inherit" titleAccess="پیوست دارد" sx={{ ml: 0.5, verticalAlign: 'middle' }} />
      )}
    </Box>
  );
}

function SenderAvatar({ row }: { row: LetterRow }) {
  // An incoming letter is from a customer: the picture of whoever registered it would say otherwise.
  return row.messageTypeFk === INCOMING ? (
    <Avatar alt="" sx={{ width: 24, height: 24 }}>
      <Business sx={{ fontSize: 16 }} />
    </Avatar>
  ) : (
    <Avatar src={avatarUrl(row.createdUserPic)} alt="" sx={{ width: 24, height: 24 }} />
  );
}

/** In a folder's list the row's delete takes the letter out of that folder (for the user
 *  only: message/delete with the folder's page); elsewhere it deletes the letter. */
export const isFolderPage = (pageType: PageType) => pageType === 'Archive' || pageType === 'Favorite';

function DeleteButton({
  row,
  pageType,
  onDelete,
}: {
  row: LetterRow;
  pageType: PageType;
  onDelete: (row: LetterRow) => void;
}) {
  if (!row.deletable) return null;
  const unfile = isFolderPage(pageType);
  const label = unfile ? 'خارج کردن از پوشه' : 'حذف';
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color={unfile ? 'default' : 'error'}
        aria-label={unfile ? `خارج کردن نامه ${row.subject} از پوشه` : `حذف نامه ${row.subject}`}
        onClick={() => onDelete(row)}
      >
        {unfile ? <FolderOffOutlined fontSize="small" /> : <DeleteOutlined fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

const letterNumber = (row: LetterRow) => toPersianDigits(row.displayMessageNumber) || '—';
const letterDate = (row: LetterRow, withTime = false) =>
  toPersianDigits(formatJalali(row.sentDate || row.createdDate, { withTime }));

/** A page that could not be loaded (the network): said so, and offered again. */
export function LoadFailedRow({ columns, onRetry }: { columns: number; onRetry: () => void }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 3 }}>
        <Box role="alert" sx={{ color: 'error.main', mb: 1 }}>
          {LIST_LOAD_FAILED}
        </Box>
        <Button variant="outlined" size="small" onClick={onRetry}>
          تلاش دوباره
        </Button>
      </TableCell>
    </TableRow>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2].map((n) => (
        <TableRow key={n}>
          <TableCell colSpan={columns}>
            <Skeleton />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}
