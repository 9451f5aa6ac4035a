// The related-letter picker (spec 1 §2, §5): letters the user can see, 10 per page, found
// by phrase; the relation type (پیرو follow-up / عطف referral) must be chosen first.
import { stickyEndColumnSx } from '../../../ui/stickyEndColumn';
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { hasPermission } from '../../../api/session';
import { Pager } from '../../../resources/list/ResourcePager';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import type { LetterRow, PageType } from '../api';
import { LoadFailedRow } from '../list/LetterTable';
import { useLetterPage } from '../list/useLetterPage';
import { useNarrowerThan } from '../../../ui/useElementWidth';
import type { PendingRelated } from './letterForm';

export const RELATED_PAGE_SIZE = 10;

const SOURCES: Array<{ pageType: PageType; label: string; permission?: string }> = [
  { pageType: 'AllMyMessage', label: 'کارتابل من' },
  { pageType: 'Send', label: 'نامه‌های ارسالی من' },
  { pageType: 'AllMessage', label: 'همه نامه‌ها', permission: 'AllMessages' },
];

interface RelatedPickerProps {
  open: boolean;
  /** The letter itself and the letters already linked: not offered. */
  excluded: number[];
  onClose: () => void;
  onPick: (link: PendingRelated) => void;
}

/** The room the columns need (a subject of a few words, the number and date one line each,
 *  the headers unwrapped), measured in Chromium: less, and the picker is one cell a letter,
 *  as the letter lists are on a phone. */
export const PICKER_COLUMNS_WIDTH = 560;

/** A subject keeps a readable width (not a word a line), the number and date one line
 *  each, and «انتخاب» stays in reach should the table still scroll sideways. */
const PICKER_TABLE_SX = {
  ...stickyEndColumnSx,
  '& th': { whiteSpace: 'nowrap' },
  '& td:first-of-type': { minWidth: 160 },
  '& td:nth-of-type(2), & td:nth-of-type(3)': { whiteSpace: 'nowrap' },
} as const;

export function RelatedPicker({ open, excluded, onClose, onPick }: RelatedPickerProps) {
  const [follow, setFollow] = useState<'' | 'true' | 'false'>('');
  const [missingType, setMissingType] = useState(false);
  const [source, setSource] = useState<PageType>('AllMyMessage');
  const [phrase, setPhrase] = useState('');
  const [page, setPage] = useState(1);
  const letters = useLetterPage(
    open ? { pageType: source, page, count: RELATED_PAGE_SIZE, phrase: phrase.trim() } : null,
  );
  // The relation type's first choice: a pick without a type brings the user to it (the
  // rows below may have scrolled it out of view).
  const typeChoice = useRef<HTMLInputElement>(null);
  const pick = (row: LetterRow) => {
    if (!follow) {
      setMissingType(true);
      typeChoice.current?.focus(); // which scrolls it into view
      return;
    }
    onPick({
      messageId: row.messageId,
      follow: follow === 'true',
      subject: row.subject,
      number: row.displayMessageNumber,
    });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 800, maxWidth: '95vw' } } }}
    >
      <DialogTitle>افزودن نامه مرتبط</DialogTitle>
      {/* One column no wider than the dialog, scrolling as one: none of its parts is squeezed
          to a box of its own (a grid's rows shrank the table's to three rows on a phone). */}
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, '& > *': { flexShrink: 0 } }}>
        <FormControl error={missingType} required>
          <FormLabel id="relation-type">نوع ارتباط</FormLabel>
          <RadioGroup
            row
            aria-labelledby="relation-type"
            value={follow}
            onChange={(event) => {
              setFollow(event.target.value as 'true' | 'false');
              setMissingType(false);
            }}
          >
            <FormControlLabel
              value="true"
              control={<Radio slotProps={{ input: { ref: typeChoice } }} />}
              label="پیرو"
            />
            <FormControlLabel value="false" control={<Radio />} label="عطف" />
          </RadioGroup>
          {missingType && <FormHelperText>الزامی است</FormHelperText>}
        </FormControl>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="از میان"
            value={source}
            onChange={(event) => {
              setSource(event.target.value as PageType);
              setPage(1);
            }}
            sx={{ minWidth: 180 }}
          >
            {SOURCES.filter((s) => !s.permission || hasPermission(s.permission)).map((s) => (
              <MenuItem key={s.pageType} value={s.pageType}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="جستجو"
            value={phrase}
            onChange={(event) => {
              setPhrase(event.target.value);
              setPage(1);
            }}
            sx={{ flexGrow: 1 }}
          />
        </Box>
        <PickerTable letters={letters} excluded={excluded} onPick={pick} />
        {!letters.failed && (
          <Pager
            page={page}
            perPage={RELATED_PAGE_SIZE}
            total={letters.totalCount}
            capped={letters.countCapped}
            setPage={setPage}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>بستن</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The letters to pick from, measured by the room they are given in the dialog (mounted
 *  with it: the dialog's content is not there while it is closed). */
function PickerTable({
  letters,
  excluded,
  onPick,
}: {
  letters: ReturnType<typeof useLetterPage>;
  excluded: number[];
  onPick: (row: LetterRow) => void;
}) {
  const tableBox = useRef<HTMLDivElement>(null);
  const compact = useNarrowerThan(tableBox, PICKER_COLUMNS_WIDTH);
  const columns = compact ? 2 : 5;
  return (
    <Box ref={tableBox} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="نامه‌ها برای پیوند" sx={compact ? undefined : PICKER_TABLE_SX}>
        {/* One cell a letter says what it holds: no header row to draw. */}
        {!compact && (
          <TableHead>
            <TableRow>
              <TableCell>موضوع</TableCell>
              <TableCell>شماره نامه</TableCell>
              <TableCell>تاریخ</TableCell>
              <TableCell>فرستنده</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
        )}
        <TableBody>
          {letters.records.map((row) => {
            const taken = excluded.includes(row.messageId);
            const number = toPersianDigits(row.displayMessageNumber);
            const date = toPersianDigits(formatJalali(row.sentDate || row.createdDate));
            const choose = (
              <TableCell sx={compact ? { width: 72, px: 0.5 } : undefined}>
                {/* Named by its letter: ten «انتخاب» read alike to a screen reader. */}
                <Button
                  size="small"
                  disabled={taken}
                  onClick={() => onPick(row)}
                  aria-label={`${taken ? 'پیوسته' : 'انتخاب'}: ${row.subject}`}
                >
                  {taken ? 'پیوسته' : 'انتخاب'}
                </Button>
              </TableCell>
            );
            return compact ? (
              <TableRow key={row.messageId} data-testid="related-choice">
                <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>
                  {row.subject || 'بدون موضوع'}
                  <Box sx={{ color: 'text.secondary', fontSize: '0.8rem', mt: 0.5 }}>
                    {[number, date, row.messageFrom].filter(Boolean).join(' · ')}
                  </Box>
                </TableCell>
                {choose}
              </TableRow>
            ) : (
              <TableRow key={row.messageId} data-testid="related-choice">
                <TableCell>{row.subject}</TableCell>
                <TableCell>{number}</TableCell>
                <TableCell>{date}</TableCell>
                <TableCell>{row.messageFrom}</TableCell>
                {choose}
              </TableRow>
            );
          })}
          {letters.failed && <LoadFailedRow columns={columns} onRetry={letters.reload} />}
          {!letters.loading && !letters.failed && letters.records.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ textAlign: 'center', color: 'text.secondary' }}>
                نامه‌ای یافت نشد
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
