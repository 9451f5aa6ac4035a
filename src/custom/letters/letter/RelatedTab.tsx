// The related-letters tab: the links the letter has (follow-up «پیرو» or referral «عطف»),
// the letters that name it (a follow-up written later: «پیرو این نامه»), the ones picked
// since it was loaded (sent with the next save), and the picker.
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { LinkBase } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import type { RelatedLetter } from '../api';
import { letterPath } from '../letterTypes';
import { useElementWidth } from '../../../ui/useElementWidth';
import { relatedLabel, type PendingRelated } from './letterForm';
import { RelatedPicker } from './RelatedPicker';

interface RelatedTabProps {
  messageId: number;
  related: RelatedLetter[];
  /** Letters that name this one: shown, never sent back with a save. */
  relatedToThis: RelatedLetter[];
  editable: boolean;
}

/** A related letter's subject opens it: the app's colour, underlined only under the pointer. */
const RELATED_LINK_SX = {
  color: 'primary.main',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

/**
 * The table's three shapes, chosen by the room it is given (not the screen's: a tablet's card
 * beside the open side menu is 480 px). `roomy`: the columns at their ease. `tight`: narrower
 * padding, a subject and a name narrower. `compact` — where even those columns do not fit, as
 * in a phone's card — one cell a letter: its relation and subject, and under them its number,
 * date and who registered it, as the letter lists show a letter on a phone.
 */
type Room = 'roomy' | 'tight' | 'compact';
/** The least room of each shape's columns (headers unwrapped, «عطف به این نامه» one line),
 *  measured in Chromium. */
const ROOMY_WIDTH = 640;
const TIGHT_WIDTH = 420;

/** A subject may be one long word: it breaks anywhere, keeping a readable width. A name
 *  breaks between words, and inside a word only past a width: ordinary names stay whole,
 *  one made of a huge word does not widen its column. */
const CELLS_SX = {
  roomy: {
    table: { '& .MuiTableCell-root': { px: 2 } },
    subject: { overflowWrap: 'anywhere', minWidth: 180 },
    name: { minWidth: 128 },
    nameBox: { maxWidth: 240, overflowWrap: 'break-word' },
  },
  tight: {
    table: { '& .MuiTableCell-root': { px: 0.75 } },
    subject: { overflowWrap: 'anywhere', minWidth: 80 },
    name: {},
    nameBox: { maxWidth: 80, overflowWrap: 'break-word' },
  },
} as const;

/** One row of the tab: a saved link of the letter's, one of a letter naming it, or a link
 *  picked since it was loaded (`onRemove`: sent with the next save, or taken back). */
interface Row {
  key: string;
  label: string;
  /** A letter that names this one: its chip outlined. */
  naming?: boolean;
  subject: string;
  /** Where the subject leads (a saved link). */
  to?: string;
  number?: string | number | null;
  createdDate?: string;
  createdUser?: string;
  onRemove?: () => void;
}

export function RelatedTab({ messageId, related, relatedToThis, editable }: RelatedTabProps) {
  const [picking, setPicking] = useState(false);
  const { setValue } = useFormContext();
  const pending = (useWatch({ name: 'related' }) as PendingRelated[] | undefined) ?? [];
  const setPending = (next: PendingRelated[]) => setValue('related', next, { shouldDirty: true });
  const excluded = [messageId, ...related.map((r) => r.messageId), ...pending.map((r) => r.messageId)];
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Until measured, the screen's: a phone's card is compact.
  const room: Room =
    width === undefined
      ? phone
        ? 'compact'
        : 'roomy'
      : width < TIGHT_WIDTH
        ? 'compact'
        : width < ROOMY_WIDTH
          ? 'tight'
          : 'roomy';
  const saved = (link: RelatedLetter, key: string, label: string, naming = false): Row => ({
    key,
    label,
    naming,
    subject: link.subject,
    to: letterPath('AllMyMessage', link.messageTypeFk ?? 0, link.messageId),
    number: link.number,
    // Dated as the lists date it: by its sending (a «پیرو» cites that day).
    createdDate: link.sentDate || link.createdDate,
    createdUser: link.createdUser,
  });
  const rows: Row[] = [
    ...related.map((link) => saved(link, String(link.messageId), relatedLabel(link))),
    ...relatedToThis.map((link) =>
      saved(link, `naming-${link.messageId}`, link.description ?? relatedLabel(link), true),
    ),
    ...pending.map((link) => ({
      key: `new-${link.messageId}`,
      label: relatedLabel(link),
      subject: link.subject,
      number: link.number,
      onRemove: () => setPending(pending.filter((p) => p.messageId !== link.messageId)),
    })),
  ];
  const removable = pending.length > 0;
  return (
    // One column no wider than the card: a long subject wraps instead of pushing the last
    // columns out of the card, which hides what overflows it.
    <Box ref={box} sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {editable && (
        <Box>
          <Button variant="outlined" startIcon={<AddLinkOutlined />} onClick={() => setPicking(true)}>
            افزودن نامه مرتبط
          </Button>
        </Box>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary">نامه مرتبطی ثبت نشده است</Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label="نامه‌های مرتبط"
            sx={room === 'compact' ? undefined : CELLS_SX[room].table}
          >
            {/* One cell a letter says what it holds: no header row to draw. */}
            {room !== 'compact' && (
              <TableHead>
                <TableRow>
                  <TableCell>نوع ارتباط</TableCell>
                  <TableCell>موضوع</TableCell>
                  <TableCell>شماره نامه</TableCell>
                  <TableCell>تاریخ</TableCell>
                  <TableCell>ثبت‌کننده</TableCell>
                  {removable && <TableCell />}
                </TableRow>
              </TableHead>
            )}
            <TableBody>
              {rows.map((row) =>
                room === 'compact' ? (
                  <CompactRow key={row.key} row={row} removable={removable} />
                ) : (
                  <ColumnsRow key={row.key} row={row} room={room} removable={removable} />
                ),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <RelatedPicker
        open={picking}
        excluded={excluded}
        onClose={() => setPicking(false)}
        onPick={(link) => {
          setPending([...pending, link]);
          setPicking(false);
        }}
      />
    </Box>
  );
}

const PENDING_NOTE = 'با ذخیره نامه ثبت می‌شود';

function RelationChip({ row }: { row: Row }) {
  return (
    <Chip
      size="small"
      color={row.onRemove ? 'primary' : 'default'}
      label={row.label}
      variant={row.naming ? 'outlined' : 'filled'}
    />
  );
}

function Subject({ row }: { row: Row }) {
  if (!row.to) return <>{row.subject}</>;
  return (
    <Box component={LinkBase} to={row.to} sx={RELATED_LINK_SX}>
      {row.subject}
    </Box>
  );
}

/** The last cell: a picked link's «برداشتن», empty on the saved rows beside it. */
function RemoveCell({ row, sx }: { row: Row; sx?: object }) {
  return (
    <TableCell sx={sx}>
      {row.onRemove && (
        <IconButton size="small" aria-label={`برداشتن ${row.subject}`} onClick={row.onRemove}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </TableCell>
  );
}

function ColumnsRow({ row, room, removable }: { row: Row; room: 'roomy' | 'tight'; removable: boolean }) {
  const sx = CELLS_SX[room];
  return (
    <TableRow selected={Boolean(row.onRemove)}>
      <TableCell>
        <RelationChip row={row} />
      </TableCell>
      <TableCell sx={sx.subject}>
        <Subject row={row} />
      </TableCell>
      <TableCell>{toPersianDigits(row.number)}</TableCell>
      {row.onRemove ? (
        <TableCell colSpan={2}>{PENDING_NOTE}</TableCell>
      ) : (
        <>
          <TableCell>{row.createdDate && toPersianDigits(formatJalali(row.createdDate))}</TableCell>
          <TableCell sx={sx.name}>
            <Box sx={sx.nameBox}>{row.createdUser}</Box>
          </TableCell>
        </>
      )}
      {removable && <RemoveCell row={row} />}
    </TableRow>
  );
}

/** One letter in a narrow card: relation and subject, then number · date · registrar. */
function CompactRow({ row, removable }: { row: Row; removable: boolean }) {
  const details = row.onRemove
    ? [toPersianDigits(row.number), PENDING_NOTE]
    : [
        toPersianDigits(row.number),
        row.createdDate && toPersianDigits(formatJalali(row.createdDate)),
        row.createdUser,
      ];
  return (
    <TableRow selected={Boolean(row.onRemove)} data-testid="related-row">
      <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <RelationChip row={row} />
          <Subject row={row} />
        </Box>
        <Box sx={{ color: 'text.secondary', fontSize: '0.8rem', mt: 0.5 }}>
          {details.filter(Boolean).join(' · ')}
        </Box>
      </TableCell>
      {removable && <RemoveCell row={row} sx={{ width: 40, px: 0.5 }} />}
    </TableRow>
  );
}
