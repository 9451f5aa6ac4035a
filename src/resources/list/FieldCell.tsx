// One table cell of one field, by kind: money grouped in Persian digits, a check or cross
// for booleans (or their own words), Jalali dates, references by their title, tags and references as chips.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useGetManyAggregate, type Identifier, type RaRecord } from 'react-admin';
import { LOOKUP } from '../../dataProvider';
import { isKeyText, type Resource } from '../../schemas';
import { formatJalali } from '../../shared/jalali';
import { groupDigits, toPersianDigits } from '../../shared/persian-digits';
import { titleField } from '../records';

interface FieldCellProps {
  resource: Resource;
  name: string;
  record: RaRecord;
}

/** The widest a text column grows: past it, its text wraps. A 200-character name grew its
 *  column over the whole table, pushing the columns after it out of the card. */
export const CELL_MAX_WIDTH = '20em';
/** Text longer than this may not fit a cell's lines: its whole text is in the title. */
export const LONG_CELL_TEXT = 40;

/** A text cell: wraps within the column's width — a word longer than it (a 190-letter name,
 *  an e-mail address) broken anywhere — and shows at most three lines, the rest in its title. */
const CELL_TEXT_SX = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  maxWidth: CELL_MAX_WIDTH,
  // Not squeezed to a letter a line when the table is tight: a phone's table scrolls instead.
  minWidth: '6em',
} as const;

export function CellText({ text }: { text: string }) {
  if (!text) return null;
  return (
    // <bdi>: a Latin text (a prefix «T16-», an e-mail) keeps its own direction in the
    // right-to-left row instead of showing mirrored («-T16»).
    <Box component="bdi" sx={CELL_TEXT_SX} title={text.length > LONG_CELL_TEXT ? text : undefined}>
      {text}
    </Box>
  );
}

/** Chips wrap within the column's width; a chip wider than it ends in «…», its name in the title. */
const Chips = ({ labels }: { labels: string[] }) => (
  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, maxWidth: CELL_MAX_WIDTH }}>
    {labels.map((label, index) => (
      <Chip
        key={`${label}-${index}`}
        label={label}
        size="small"
        title={label.length > LONG_CELL_TEXT / 2 ? label : undefined}
      />
    ))}
  </Stack>
);

/** Several references as chips, named through `lookup/?Ids=…`: react-admin gathers the ids
 *  of every row on the page into one call. */
function ReferencesCell({ ids, resourceName }: { ids: Identifier[]; resourceName?: string }) {
  const { data } = useGetManyAggregate(
    resourceName ?? '',
    { ids, meta: LOOKUP },
    { enabled: Boolean(resourceName) && ids.length > 0 },
  );
  const names = new Map((data ?? []).map((record) => [String(record.id), String(record.title)]));
  return <Chips labels={ids.map((id) => names.get(String(id)) ?? toPersianDigits(String(id)))} />;
}

export function FieldCell({ resource, name, record }: FieldCellProps) {
  const { meta } = resource.fields[name];
  const value = record[name];
  switch (meta.kind) {
    case 'money':
      return <>{groupDigits(value as number | null)}</>;
    case 'number':
      return <>{toPersianDigits(value as number | null)}</>;
    case 'boolean':
      if (meta.booleanLabels) return <>{meta.booleanLabels[value ? 0 : 1]}</>;
      return value ? (
        <CheckIcon color="success" fontSize="small" aria-label="بله" />
      ) : (
        <CloseIcon color="error" fontSize="small" aria-label="خیر" />
      );
    case 'date':
      return <>{toPersianDigits(formatJalali(value as string | null))}</>;
    case 'reference':
    case 'treeParent':
      return <CellText text={(record[`${name}Title`] as string | null) ?? ''} />;
    case 'references':
      return (
        <ReferencesCell
          ids={Array.isArray(value) ? (value as Identifier[]) : []}
          resourceName={meta.resource}
        />
      );
    case 'enum':
      return <CellText text={meta.options?.find((option) => option.id === value)?.value ?? ''} />;
    case 'image':
      return value ? (
        <Box
          component="img"
          src={String(value)}
          alt={meta.label}
          sx={{ maxHeight: 32, maxWidth: 64, verticalAlign: 'middle' }}
        />
      ) : null;
    case 'tags':
    case 'stringList':
      return <Chips labels={Array.isArray(value) ? value.map(String) : []} />;
    default:
      // A tree's title column shows the node's whole path.
      if (resource.treeField() && name === titleField(resource) && record.fullName)
        return <CellText text={String(record.fullName)} />;
      // A number (a phone, a national id: at most 20 digits) is never broken.
      if (meta.digits) return <bdi style={{ whiteSpace: 'nowrap' }}>{toPersianDigits(plainText(value))}</bdi>;
      return (
        <CellText text={isKeyText(resource, name) ? toPersianDigits(plainText(value)) : plainText(value)} />
      );
  }
}

/** Numbers-only text (mobile, phone, national code) reads in Persian digits; anything
 *  else (names, e-mail, addresses of web pages) is shown as stored. */
function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[\d\s-]+$/.test(text) ? toPersianDigits(text) : text;
}
