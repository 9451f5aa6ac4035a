// The forwards and events tabs of a saved letter: who passed it on (a forward, a draft
// passed on, a reply) to whom with what note, and every action on it (create, send, read,
// sign, number, archive, print …) with its Jalali date and time.
import { useRef, type ReactNode } from 'react';
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
import { useNarrowerThan } from '../../../ui/useElementWidth';
import type { LetterEvent, LetterForward } from '../api';

const when = (value: string) => toPersianDigits(formatJalali(value, { withTime: true }));

/**
 * How a column's cells wrap, so the table keeps to the card and the date stays in view. A
 * note or a description may be one very long word: it breaks anywhere. A name breaks
 * between words, and inside a word only past a width (NAME_BOX_SX) — ordinary names stay
 * whole, one made of a huge word does not widen its column. A date keeps its time beside
 * it where there is room.
 *
 * Two sets, chosen by the room the table is given (not the screen's: a tablet's card beside
 * the open side menu is 480 px): `roomy` where the columns' widths (ROOMY_WIDTH) fit, `tight`
 * — narrower padding and columns, the date over its time — where they do not, as on a phone.
 */
const CELL_SX = {
  roomy: {
    kind: {},
    name: { minWidth: 128 },
    // A referral note's lines stay lines.
    text: { overflowWrap: 'anywhere', whiteSpace: 'pre-line', minWidth: 200 },
    date: { whiteSpace: 'nowrap' },
  },
  tight: {
    kind: {},
    name: {},
    text: { overflowWrap: 'anywhere', whiteSpace: 'pre-line', minWidth: 80 },
    date: {},
  },
} as const;
/** A name's box: a column asks for its longest word, but never more than this width. */
const NAME_BOX_SX = {
  roomy: { maxWidth: 240, overflowWrap: 'break-word' },
  tight: { maxWidth: 80, overflowWrap: 'break-word' },
} as const;
/** On a phone the cells' side padding is narrower, so four or five columns fit 390 px. */
const PADDING_SX = { roomy: { px: 2 }, tight: { px: 0.75 } } as const;
type ColumnKind = keyof typeof CELL_SX.roomy;
/** The room a roomy column takes at least (its minimum width, a date and its time unwrapped,
 *  measured in Chromium): a table given less is tight. */
const ROOMY_WIDTH: Record<ColumnKind, number> = { kind: 72, name: 136, text: 208, date: 160 };

interface Column {
  header: string;
  kind: ColumnKind;
}

function HistoryTable({ label, columns, rows }: { label: string; columns: Column[]; rows: ReactNode[][] }) {
  const box = useRef<HTMLDivElement>(null);
  const needed = columns.reduce((sum, column) => sum + ROOMY_WIDTH[column.kind], 0);
  const room = useNarrowerThan(box, needed) ? 'tight' : 'roomy';
  const padding = PADDING_SX[room];
  // Measured whether there are rows yet or not: they may come with the letter's next load.
  return (
    <Box ref={box}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">موردی ثبت نشده است</Typography>
      ) : (
        // Whatever still does not fit scrolls inside the card instead of being cut by it.
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
                    <TableCell key={column} sx={{ ...padding, ...CELL_SX[room][columns[column].kind] }}>
                      {columns[column].kind === 'name' ? <Box sx={NAME_BOX_SX[room]}>{cell}</Box> : cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
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
