// The forwards and events tabs of a saved letter: who passed it on (a forward, a draft
// passed on, a reply) to whom with what note, and every action on it (create, send, read,
// sign, number, archive, print …) with its Jalali date and time.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import type { LetterEvent, LetterForward } from '../api';

const when = (value: string) => toPersianDigits(formatJalali(value, { withTime: true }));

/**
 * How a column's cells wrap, so the table keeps to the card and the date stays in view. A
 * note or a description may be one very long word: it breaks anywhere. A name breaks
 * between words, and inside a word only past a width (NAME_BOX_SX) — ordinary names stay
 * whole, one made of a huge word does not widen its column. A date keeps its time beside
 * it where there is room.
 */
const CELL_SX = {
  kind: {},
  name: { minWidth: { sm: 128 } },
  // A referral note's lines stay lines.
  text: { overflowWrap: 'anywhere', whiteSpace: 'pre-line', minWidth: { xs: 80, sm: 200 } },
  date: { whiteSpace: { sm: 'nowrap' } },
} as const;
/** A name's box: a column asks for its longest word, but never more than this width. */
const NAME_BOX_SX = { maxWidth: { xs: 80, sm: 240 }, overflowWrap: 'break-word' } as const;
type ColumnKind = keyof typeof CELL_SX;

interface Column {
  header: string;
  kind: ColumnKind;
}

function HistoryTable({ label, columns, rows }: { label: string; columns: Column[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <Typography color="text.secondary">موردی ثبت نشده است</Typography>;
  // On a phone the cells' side padding is narrower, so four or five columns fit 390 px; whatever
  // still does not fit scrolls inside the card instead of being cut by it.
  const padding = { px: { xs: 0.75, sm: 2 } };
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ ...padding, fontWeight: 700 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => (
            <TableRow key={index}>
              {cells.map((cell, column) => (
                <TableCell key={column} sx={{ ...padding, ...CELL_SX[columns[column].kind] }}>
                  {columns[column].kind === 'name' ? <Box sx={NAME_BOX_SX}>{cell}</Box> : cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ForwardsTab({ forwards }: { forwards: LetterForward[] }) {
  return (
    <HistoryTable
      label="ارجاع‌های نامه"
      columns={[
        { header: 'نوع', kind: 'kind' },
        { header: 'ارجاع‌دهنده', kind: 'name' },
        { header: 'گیرنده', kind: 'name' },
        { header: 'متن ارجاع', kind: 'text' },
        { header: 'تاریخ', kind: 'date' },
      ]}
      rows={forwards.map((f) => [
        f.description,
        f.creatorUserFullName,
        f.receivedUserFullName,
        f.forwardMessage,
        when(f.createdDate),
      ])}
    />
  );
}

export function EventsTab({ events }: { events: LetterEvent[] }) {
  return (
    <HistoryTable
      label="رویدادهای نامه"
      columns={[
        { header: 'رویداد', kind: 'name' },
        { header: 'کاربر', kind: 'name' },
        { header: 'تاریخ', kind: 'date' },
        { header: 'توضیحات', kind: 'text' },
      ]}
      rows={events.map((e) => [e.eventType, e.creatorUserFullName, when(e.createdDate), e.description])}
    />
  );
}
