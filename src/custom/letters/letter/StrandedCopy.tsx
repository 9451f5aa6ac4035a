// What a user typed in a letter that has since left their hands — sent, signed or passed on
// from another tab or by a colleague, or deleted — is not dropped: the letter screen (and
// the «نامه یافت نشد» card) shows it as text, to copy, or to start a new letter with.
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { hasPermission } from '../../../api/session';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import { useNotice } from '../../../ui/notices';
import { letterPath, letterTypeInfo } from '../letterTypes';
import type { RelatedLetter } from '../api';
import { carryToNewLetter, dropComposeBackup, type ComposeBackup } from './composeBackup';
import type { PendingRelated } from './letterForm';

/** Why the letter left the user's hands, as the letter now loaded shows it. */
export type StrandedReason = 'sent' | 'signed' | 'passedOn' | 'gone' | 'other';

const REASON_TEXT: Record<StrandedReason, string> = {
  sent: 'این نامه پس از آن ارسال شده است و دیگر ویرایش نمی‌شود.',
  signed:
    'این پیش‌نویس پس از آن امضا شده است: با «حذف امضا» دوباره ویرایش می‌شود و متن شما به فرم بازمی‌گردد؛ تا آن زمان «ارسال» نسخه‌ی امضاشده را، بی متن شما، می‌فرستد.',
  passedOn: 'این پیش‌نویس پس از آن به دیگری سپرده شده است و در دست شما نیست.',
  gone: 'این نامه پس از آن حذف شده است یا دیگر برای شما در دسترس نیست.',
  other: 'این نامه اکنون از اینجا ویرایش نمی‌شود.',
};

/** A letter body's text as a reader sees it: one line per paragraph, list item or break. */
export function bodyText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  body
    .querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, div, blockquote')
    .forEach((block) => block.append('\n'));
  return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The copy as one text: its subject, then its body. */
export function strandedText(backup: ComposeBackup): string {
  const subject = backup.values.subject?.trim() ?? '';
  const body = bodyText(backup.values.messageBody ?? '');
  return [subject, body].filter(Boolean).join('\n\n');
}

interface StrandedCopyProps {
  backup: ComposeBackup;
  /** The address the copy is kept under (the letter screen's). */
  address: string;
  messageType: number;
  reason: StrandedReason;
  /** The letter's saved attachments: not carried into a new letter, so they are named. */
  savedFiles?: number;
  /** The letter's saved related letters (a reply's original): linked to the new letter too. */
  related?: RelatedLetter[];
  onDropped: () => void;
}

const pendingOf = (related: RelatedLetter[]): PendingRelated[] =>
  related.map((r) => ({
    messageId: r.messageId,
    follow: r.follow,
    subject: r.subject,
    ...(r.number !== null && r.number !== undefined && { number: String(r.number) }),
  }));

export function StrandedCopy({
  backup,
  address,
  messageType,
  reason,
  savedFiles = 0,
  related = [],
  onDropped,
}: StrandedCopyProps) {
  const notice = useNotice();
  const navigate = useNavigate();
  const textBox = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const text = strandedText(backup);
  const info = letterTypeInfo(messageType);
  const mayWrite = info !== undefined && hasPermission(info.permission);
  const [day, time] = toPersianDigits(formatJalali(new Date(backup.savedAt), { withTime: true })).split(' ');
  const files = backup.fileNames.length;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notice.success('متن نامه رونوشت شد');
    } catch {
      // No clipboard here (an address not served over https): the text is chosen for Ctrl+C.
      const range = document.createRange();
      if (textBox.current) range.selectNodeContents(textBox.current);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      notice.error('رونوشت خودکار ممکن نشد؛ متن انتخاب شده است، با Ctrl+C رونوشت بگیرید', 5000);
    }
  };

  return (
    <Alert
      severity="warning"
      role="alert"
      aria-label="متن ذخیره‌نشده"
      sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {`آنچه در ${day} ساعت ${time} در این نامه نوشته بودید ذخیره نشد. ${REASON_TEXT[reason]} `}
        {mayWrite
          ? 'متن شما نگه داشته شده است؛ آن را رونوشت بگیرید یا با آن نامه‌ای تازه بنویسید.'
          : 'متن شما نگه داشته شده است؛ آن را رونوشت بگیرید.'}
        {files > 0 &&
          ` پیوست‌های انتخاب‌شده (${toPersianDigits(files)} پرونده: ${backup.fileNames.join('، ')}) نگه داشته نمی‌شوند و باید دوباره افزوده شوند.`}
        {mayWrite &&
          savedFiles > 0 &&
          ` پیوست‌های ثبت‌شده‌ی این نامه (${toPersianDigits(savedFiles)} پرونده) به نامه‌ی تازه نمی‌آیند؛ در صورت نیاز آن‌ها را از زبانه‌ی «پیوست‌ها» بگیرید و دوباره بیفزایید.`}
      </Typography>
      <Box
        component="pre"
        ref={textBox}
        tabIndex={0}
        aria-label="متن نوشته‌شده"
        sx={{
          m: 0,
          p: 1,
          maxHeight: 200,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'inherit',
          fontSize: '0.875rem',
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {text || '—'}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {mayWrite && (
          <Button
            variant="contained"
            size="small"
            onClick={() =>
              navigate(
                carryToNewLetter(
                  address,
                  backup,
                  letterPath('AllMyMessage', messageType, 0, true),
                  pendingOf(related),
                ),
              )
            }
          >
            نامه تازه با این متن
          </Button>
        )}
        <Button variant="outlined" size="small" color="inherit" onClick={() => void copy()}>
          {copied ? 'رونوشت شد' : 'رونوشت متن'}
        </Button>
        <Button
          size="small"
          color="inherit"
          onClick={() => {
            dropComposeBackup(address);
            onDropped();
          }}
        >
          دور انداختن
        </Button>
      </Box>
    </Alert>
  );
}
