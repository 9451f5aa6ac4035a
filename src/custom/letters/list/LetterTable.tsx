// The table of a letter list (spec 1 §2): type badge, read icon, subject (opens the letter),
// sender, recipients (sent pages and all letters only), number, Jalali date and delete.
// Numbers and dates in Persian digits; an unread letter's subject is bold.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AttachFile from '@mui/icons-material/AttachFile';
import Business from '@mui/icons-material/Business';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import { LinkBase } from 'react-admin';
import { avatarUrl } from '../../../auth';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import type { LetterRow, PageType } from '../api';
import { INCOMING, letterPath } from '../letterTypes';
import { LetterTypeBadge } from './LetterTypeBadge';

interface LetterTableProps {
  rows: LetterRow[];
  loading: boolean;
  pageType: PageType;
  showRecipients: boolean;
  /** Absent: no delete column (the dashboard's short list). */
  onDelete?: (row: LetterRow) => void;
  /** What an empty list says instead of «نامه‌ای یافت نشد» (the server's reason). */
  emptyText?: string;
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
}: LetterTableProps) {
  const columns = 6 + (showRecipients ? 1 : 0) + (onDelete ? 1 : 0);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="فهرست نامه‌ها">
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
        <TableBody>
          {loading && rows.length === 0 && <LoadingRows columns={columns} />}
          {!loading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ textAlign: 'center', py: 3, color: 'text.secondary' }}>
                {emptyText ?? 'نامه‌ای یافت نشد'}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <LetterTableRow
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

function LetterTableRow({
  row,
  pageType,
  showRecipients,
  onDelete,
}: Omit<LetterTableProps, 'rows' | 'loading'> & { row: LetterRow }) {
  const to = letterPath(pageType, row.messageTypeFk, row.messageId);
  return (
    <TableRow hover data-testid="letter-row">
      <TableCell>
        <LetterTypeBadge messageType={row.messageTypeFk} label={row.messageTypeString} />
      </TableCell>
      <TableCell>
        <ReadIcon read={row.isReaded} />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <Box
          component={LinkBase}
          to={to}
          sx={{
            color: 'text.primary',
            fontWeight: row.isReaded ? 400 : 700,
            textDecoration: 'none',
            '&:hover': { textDecoration: 'underline' },
          }}
        >
          {row.subject || 'بدون موضوع'}
        </Box>
        {row.hasMessageAttachment && (
          <AttachFile fontSize="inherit" aria-label="پیوست دارد" sx={{ ml: 0.5, verticalAlign: 'middle' }} />
        )}
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
          {/* An incoming letter is from a customer: the picture of whoever registered it would say otherwise. */}
          {row.messageTypeFk === INCOMING ? (
            <Avatar alt="" sx={{ width: 24, height: 24 }}>
              <Business sx={{ fontSize: 16 }} />
            </Avatar>
          ) : (
            <Avatar src={avatarUrl(row.createdUserPic)} alt="" sx={{ width: 24, height: 24 }} />
          )}
          {row.messageFrom}
        </Box>
      </TableCell>
      {showRecipients && <TableCell sx={{ minWidth: 140 }}>{row.messageTo}</TableCell>}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{toPersianDigits(row.displayMessageNumber) || '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {toPersianDigits(formatJalali(row.sentDate || row.createdDate))}
      </TableCell>
      {onDelete && (
        <TableCell>
          {row.deletable && (
            <Tooltip title="حذف">
              <IconButton
                size="small"
                color="error"
                aria-label={`حذف نامه ${row.subject}`}
                onClick={() => onDelete(row)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      )}
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
