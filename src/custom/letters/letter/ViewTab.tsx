// The view tab: the letter as a reader sees it (spec 1 §2 "view letter (read-only)"):
// its particulars (blind copies only as message/get gives them), subject and body. A new letter shows what has been typed so far. What
// was forwarded to the viewer (and the note with it) heads it: that is what they act on.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import { getSession } from '../../../api/session';
import type { LetterForward, LetterRecord } from '../api';
import { INCOMING } from '../letterTypes';
import { BCC_LABEL, BODY_LIST_SX, BODY_TABLE_SX } from './ComposeTab';
import { usePersonNames } from './usePersonNames';
import { LetterTypeBadge } from '../list/LetterTypeBadge';

const persianDate = (value: string | null | undefined, withTime = false) =>
  toPersianDigits(formatJalali(value, { withTime }));

function Particular({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** Where the viewer has filed the letter: their archive and favourite folders (full paths;
 *  message/get says '' for none). Filed from the top bar, the letter is loaded again and
 *  these follow. Undefined when in neither: the row is not shown. */
function filedIn(record: LetterRecord | undefined) {
  const folders = [
    { kind: 'بایگانی', title: record?.archiveTitle },
    { kind: 'دلخواه', title: record?.favoriteTitle },
  ].filter((folder) => folder.title);
  if (folders.length === 0) return undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {folders.map((folder) => (
        <Chip
          key={folder.kind}
          size="small"
          variant="outlined"
          label={`${folder.kind}: ${folder.title}`}
          // A deep folder's path is long: it wraps rather than being cut short.
          sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      ))}
    </Box>
  );
}

/** What reached the viewer with the letter: each forward, passed draft or reply addressed
 *  to them, newest first — who sent it on, when, and their note (what they are to do).
 *  Heads the view, and the compose tab of a draft passed to them (which opens there). */
export function ForwardsToMe({ forwards: all }: { forwards: LetterForward[] }) {
  const me = getSession()?.user.userId;
  const forwards = all.filter((forward) => me !== undefined && forward.receivedUserId === me);
  if (forwards.length === 0) return null;
  return (
    <Box component="section" aria-label="ارجاع‌ها به شما" sx={{ display: 'grid', gap: 1, mb: 2 }}>
      {[...forwards].reverse().map((forward, index) => (
        <Alert key={index} severity="info" icon={false} sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {`${forward.description || 'ارجاع'} از ${forward.creatorUserFullName} — ${persianDate(forward.createdDate, true)}`}
          </Typography>
          {forward.forwardMessage && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.5 }}>
              {forward.forwardMessage}
            </Typography>
          )}
        </Alert>
      ))}
    </Box>
  );
}

export const TO_ME_BLIND =
  'این نامه به صورت رونوشت مخفی برای شما فرستاده شده است؛ دیگر گیرندگان نام شما را نمی‌بینند.';

/**
 * The letter's blind copies, as message/get gives them: to the people who wrote, hold or
 * sent it all of them — their names, a row under the copies —; to a blind recipient only
 * themselves — a line saying it came to them so —; to anyone else none, and nothing shows.
 */
function BlindCopies({
  record,
  myPersonId,
}: {
  record: LetterRecord | undefined;
  myPersonId: number | null;
}) {
  const bcc = record?.selectedBcc ?? [];
  const toMe = myPersonId !== null && bcc.includes(myPersonId);
  // Anyone named besides the viewer means the viewer sees them all (server: seesBlindCopies).
  const writer = Boolean(record?.isAuthor || record?.isHolder) || bcc.some((id) => id !== myPersonId);
  const { names } = usePersonNames(writer ? bcc : []);
  if (bcc.length === 0) return null;
  if (!writer) return toMe ? <Particular label={BCC_LABEL}>{TO_ME_BLIND}</Particular> : null;
  return <Particular label={BCC_LABEL}>{names.join('، ')}</Particular>;
}

export function ViewTab({
  record,
  messageType,
  forwards = [],
  myPersonId = null,
}: {
  record: LetterRecord | undefined;
  messageType: number;
  /** The letter's forwards (allForwardedMessage): those to the viewer head the tab. */
  forwards?: LetterForward[];
  /** The viewer's person: a blind copy to them is said so. */
  myPersonId?: number | null;
}) {
  const subject = useWatch({ name: 'subject' }) as string;
  const body = useWatch({ name: 'messageBody' }) as string;
  const shownSubject = record?.subject ?? subject;
  const shownBody = record?.messageBody ?? body;
  return (
    <Box component="article" aria-label="متن نامه">
      <ForwardsToMe forwards={forwards} />
      <Box
        component="dl"
        // The values' column is what is left of the card: a long recipients line or name wraps.
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        <Particular label="نوع نامه">
          <LetterTypeBadge messageType={messageType} label={record?.messageTypeString} />
        </Particular>
        <Particular label="وضعیت">
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={record?.isSend ? 'ارسال‌شده' : 'پیش‌نویس'} />
            {record?.signed && (
              <Chip
                size="small"
                color="success"
                label={record.signedByFullName ? `امضاشده: ${record.signedByFullName}` : 'امضاشده'}
              />
            )}
          </Box>
        </Particular>
        <Particular label="پوشه‌های شما">{filedIn(record)}</Particular>
        <Particular label="شماره نامه">{toPersianDigits(record?.displayMessageNumber)}</Particular>
        <Particular label="تاریخ">{persianDate(record?.sentDate || record?.createdDate, true)}</Particular>
        <Particular label="اندیکاتور">{record?.andikatorTitle}</Particular>
        <Particular label="فرستنده">{record?.messageFrom}</Particular>
        <Particular label="گیرندگان">{record?.messageTo}</Particular>
        <Particular label="رونوشت">{record?.messageCc}</Particular>
        <BlindCopies record={record} myPersonId={myPersonId} />
        {messageType === INCOMING && (
          <>
            <Particular label="شماره نامه وارده">{toPersianDigits(record?.importedMsgNumber)}</Particular>
            <Particular label="تاریخ نامه وارده">{persianDate(record?.importedMsgDate)}</Particular>
            <Particular label="روش دریافت">{record?.reciveMethodTitle}</Particular>
          </>
        )}
        <Particular label="پروژه">{record?.projectTitle}</Particular>
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {shownSubject || 'بدون موضوع'}
      </Typography>
      <Box
        // The server keeps letter bodies sanitised (sanitize-html); a new letter's body is the
        // editor's own HTML.
        dangerouslySetInnerHTML={{ __html: shownBody || '' }}
        sx={{
          lineHeight: 2,
          '& p': { my: 1 },
          // A blank line (Enter twice) is an empty paragraph: it keeps a line's height, as in
          // the editor and the print.
          '& p:empty::before': { content: '"\\00a0"' },
          '& img': { maxWidth: '100%' },
          // Preformatted text keeps its lines and spaces, wrapping within the card (a long
          // line of it ran out of a phone's card); each line runs the way its own text does,
          // a line of code left to right.
          '& pre': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'plaintext' },
          overflowWrap: 'anywhere',
          ...BODY_TABLE_SX,
          ...BODY_LIST_SX,
        }}
      />
    </Box>
  );
}
