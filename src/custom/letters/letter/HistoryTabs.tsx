// The forwards and events tabs of a saved letter: who passed it to whom with what note,
// and every action on it (create, send, read, sign, number, archive, print …) with its
// Jalali date and time.
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import type { LetterEvent, LetterForward } from '../api';

const when = (value: string) => toPersianDigits(formatJalali(value, { withTime: true }));

function HistoryTable({ label, headers, rows }: { label: string; headers: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <Typography color="text.secondary">موردی ثبت نشده است</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {headers.map((header) => (
            <TableCell key={header} sx={{ fontWeight: 700 }}>
              {header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, index) => (
          <TableRow key={index}>
            {cells.map((cell, column) => (
              <TableCell key={column}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ForwardsTab({ forwards }: { forwards: LetterForward[] }) {
  return (
    <HistoryTable
      label="ارجاع‌های نامه"
      headers={['ارجاع‌دهنده', 'گیرنده', 'متن ارجاع', 'تاریخ']}
      rows={forwards.map((f) => [
        f.creatorUserFullName,
        f.receivedUserFullName,
        f.forwardMessage || f.description,
        when(f.createdDate),
      ])}
    />
  );
}

export function EventsTab({ events }: { events: LetterEvent[] }) {
  return (
    <HistoryTable
      label="رویدادهای نامه"
      headers={['رویداد', 'کاربر', 'تاریخ', 'توضیحات']}
      rows={events.map((e) => [e.eventType, e.creatorUserFullName, when(e.createdDate), e.description])}
    />
  );
}
