// The related-letters tab: the links the letter has (follow-up «پیرو» or referral «عطف»),
// the letters that name it (a follow-up written later: «پیرو این نامه»), the ones picked
// since it was loaded (sent with the next save), and the picker.
import { useState } from 'react';
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
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { LinkBase } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import type { RelatedLetter } from '../api';
import { letterPath } from '../letterTypes';
import { relatedLabel, type PendingRelated } from './letterForm';
import { RelatedPicker } from './RelatedPicker';

interface RelatedTabProps {
  messageId: number;
  related: RelatedLetter[];
  /** Letters that name this one: shown, never sent back with a save. */
  relatedToThis: RelatedLetter[];
  editable: boolean;
}

/** A subject may be one long word: it breaks anywhere, keeping a readable width. */
/** A related letter's subject opens it: the app's colour, underlined only under the pointer. */
const RELATED_LINK_SX = {
  color: 'primary.main',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

const SUBJECT_SX = { overflowWrap: 'anywhere', minWidth: { xs: 80, sm: 180 } } as const;
/** A name breaks between words, and inside a word only past a width: ordinary names stay
 *  whole, one made of a huge word does not widen its column. */
const NAME_SX = { minWidth: { sm: 128 } } as const;
const NAME_BOX_SX = { maxWidth: { xs: 80, sm: 240 }, overflowWrap: 'break-word' } as const;

export function RelatedTab({ messageId, related, relatedToThis, editable }: RelatedTabProps) {
  const [picking, setPicking] = useState(false);
  const { setValue } = useFormContext();
  const pending = (useWatch({ name: 'related' }) as PendingRelated[] | undefined) ?? [];
  const setPending = (next: PendingRelated[]) => setValue('related', next, { shouldDirty: true });
  const excluded = [messageId, ...related.map((r) => r.messageId), ...pending.map((r) => r.messageId)];
  const empty = related.length === 0 && relatedToThis.length === 0 && pending.length === 0;
  return (
    // One column no wider than the card: a long subject wraps instead of pushing the last
    // columns out of the card, which hides what overflows it.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {editable && (
        <Box>
          <Button variant="outlined" startIcon={<AddLinkOutlined />} onClick={() => setPicking(true)}>
            افزودن نامه مرتبط
          </Button>
        </Box>
      )}
      {empty ? (
        <Typography color="text.secondary">نامه مرتبطی ثبت نشده است</Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label="نامه‌های مرتبط"
            sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>نوع ارتباط</TableCell>
                <TableCell>موضوع</TableCell>
                <TableCell>شماره نامه</TableCell>
                <TableCell>تاریخ</TableCell>
                <TableCell>ثبت‌کننده</TableCell>
                {pending.length > 0 && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {related.map((link) => (
                <SavedRow
                  key={link.messageId}
                  link={link}
                  label={relatedLabel(link)}
                  pending={pending.length > 0}
                />
              ))}
              {relatedToThis.map((link) => (
                <SavedRow
                  key={`naming-${link.messageId}`}
                  link={link}
                  label={link.description ?? relatedLabel(link)}
                  naming
                  pending={pending.length > 0}
                />
              ))}
              {pending.map((link) => (
                <TableRow key={`new-${link.messageId}`} selected>
                  <TableCell>
                    <Chip size="small" color="primary" label={relatedLabel(link)} />
                  </TableCell>
                  <TableCell sx={SUBJECT_SX}>{link.subject}</TableCell>
                  <TableCell>{toPersianDigits(link.number)}</TableCell>
                  <TableCell colSpan={2}>با ذخیره نامه ثبت می‌شود</TableCell>
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={`برداشتن ${link.subject}`}
                      onClick={() => setPending(pending.filter((p) => p.messageId !== link.messageId))}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
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

/** A saved link: the letter's own, or (`naming`) one of a letter that names it. */
function SavedRow({
  link,
  label,
  naming = false,
  pending,
}: {
  link: RelatedLetter;
  label: string;
  naming?: boolean;
  pending: boolean;
}) {
  return (
    <TableRow>
      <TableCell>
        <Chip size="small" label={label} variant={naming ? 'outlined' : 'filled'} />
      </TableCell>
      <TableCell sx={SUBJECT_SX}>
        <Box
          component={LinkBase}
          to={letterPath('AllMyMessage', link.messageTypeFk ?? 0, link.messageId)}
          sx={RELATED_LINK_SX}
        >
          {link.subject}
        </Box>
      </TableCell>
      <TableCell>{toPersianDigits(link.number)}</TableCell>
      <TableCell>{toPersianDigits(formatJalali(link.createdDate))}</TableCell>
      <TableCell sx={NAME_SX}>
        <Box sx={NAME_BOX_SX}>{link.createdUser}</Box>
      </TableCell>
      {pending && <TableCell />}
    </TableRow>
  );
}
