// The forward / reply dialog (spec 1 §2, §4): recipients, the note, and images to send
// with it. Forward (IsSend 1) goes to one or more colleagues; forward draft (IsSend 2) to
// exactly one; reply (IsSend 7) to the letter's sender, as a new draft in the user's drafts.
// Sending is irreversible, so only the send button (or Ctrl+Enter) sends: Enter in a
// one-line field never submits the form (in the recipients it picks the highlighted person,
// and a second Enter with nothing highlighted would otherwise send at once). Escape or a
// click beside the dialog asks before throwing away a typed note or chosen recipients.
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { FileField, Form, required, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ConfirmDialog } from '../../../dashboard/ConfirmDialog';
import { useNotice } from '../../../../ui/notices';
import { FORWARD_MODE, forwardLetter, type ForwardMode, type LetterRecord, type SaveAnswer } from '../../api';
import { LookupInput } from '../../pickers/LookupInput';
import { IMAGE_SIZE_HINT, LETTER_IMAGE_TYPES_LIST } from '../../../../shared/uploads';
import { LetterImagesInput } from '../LetterImagesInput';
import { useAskBeforeUnload } from '../composeBackup';
import { newClientKey, type PendingFile } from '../letterForm';
import { INCOMING } from '../../letterTypes';
import { LETTER_TEXT_MAX } from '../../../../shared/letter-limits';
import { groupDigits } from '../../../../shared/persian-digits';
import { textLength, tooLongText } from '../../../../shared/validation-messages';

const TITLES: Record<ForwardMode, string> = {
  [FORWARD_MODE.forward]: 'ارجاع نامه',
  [FORWARD_MODE.forwardDraft]: 'ارجاع پیش‌نویس',
  [FORWARD_MODE.reply]: 'پاسخ نامه',
};

interface ForwardValues {
  selectedTo: number[] | number | null;
  forwardMessage: string;
  files: PendingFile[];
}

interface ForwardDialogProps {
  mode: ForwardMode | null;
  record: LetterRecord;
  pageType: string;
  myPersonId: number | null;
  onClose: () => void;
  /** After a successful forward (the screen navigates on). */
  onDone: (mode: ForwardMode, answer: SaveAnswer) => void;
  /** The server refused it (its reason is shown in red). */
  onRefused?: (mode: ForwardMode) => void;
}

/** Something typed or chosen that closing the dialog would throw away. */
const hasContent = (values: Partial<ForwardValues>) =>
  (Array.isArray(values.selectedTo)
    ? values.selectedTo.length > 0
    : values.selectedTo != null && String(values.selectedTo) !== '') ||
  (values.forwardMessage ?? '').trim() !== '' ||
  (values.files ?? []).length > 0;

/** Inside the form: tells the dialog whether anything was typed or chosen. */
function ContentWatch({ onChange }: { onChange: (typed: boolean) => void }) {
  const [selectedTo, forwardMessage, files] = useWatch<ForwardValues>({
    name: ['selectedTo', 'forwardMessage', 'files'],
  }) as [ForwardValues['selectedTo'] | undefined, string | undefined, PendingFile[] | undefined];
  const typed = hasContent({ selectedTo, forwardMessage, files });
  useEffect(() => onChange(typed), [typed, onChange]);
  return null;
}

/** «۱۲ از ۴٬۰۰۰ نویسه» under the note: how much room is left before the server's limit. */
function NoteLength() {
  const note = (useWatch<ForwardValues>({ name: 'forwardMessage' }) as string | undefined) ?? '';
  return <>{`${groupDigits(textLength(note))} از ${groupDigits(LETTER_TEXT_MAX.forwardNote)} نویسه`}</>;
}

export function ForwardDialog({
  mode,
  record,
  pageType,
  myPersonId,
  onClose,
  onDone,
  onRefused,
}: ForwardDialogProps) {
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState(false);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  // One per opening of the dialog (letterForm newClientKey): sent again after a lost answer,
  // a reply finds the draft it wrote, a forward or a draft passed on the forward it made.
  const clientKey = useMemo(() => (mode === null ? '' : newClientKey()), [mode]);
  // A reply or a note typed is not kept in the tab: a reload or a closed tab asks first.
  useAskBeforeUnload(mode !== null && typed);
  if (mode === null) return null;
  const noteLabel = mode === FORWARD_MODE.reply ? 'متن پاسخ' : 'متن ارجاع';
  /** Escape or a click beside the dialog: nothing typed closes it, anything typed asks first. */
  const requestClose = () => {
    if (busy) return;
    if (typed) setAskingToDiscard(true);
    else onClose();
  };
  /** Enter in a one-line field sends nothing; Ctrl+Enter (⌘+Enter) sends from any field. */
  const keepEnterFromSending = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      if (!busy) event.currentTarget.closest('form')?.requestSubmit();
    } else if (event.target instanceof HTMLInputElement) {
      event.preventDefault();
    }
  };
  const submit = async (values: Partial<ForwardValues>) => {
    const to = values.selectedTo;
    setBusy(true);
    try {
      const answer = await forwardLetter(
        {
          MessageId: record.messageId,
          IsSend: mode,
          PageType: pageType,
          SelectedTo: mode === FORWARD_MODE.reply ? undefined : Array.isArray(to) ? to : to ? [to] : [],
          ForwardMessage: values.forwardMessage ?? '',
          ClientKey: clientKey,
        },
        (values.files ?? []).map((file) => file.rawFile),
      );
      if (notice.fromAnswer(answer)) onDone(mode, answer);
      else onRefused?.(mode);
    } catch (error) {
      notice.error(error instanceof Error ? error.message : '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Dialog
        open
        onClose={requestClose}
        maxWidth={false}
        slotProps={{ paper: { sx: { width: 640, maxWidth: '95vw' } } }}
      >
        <DialogTitle>{TITLES[mode]}</DialogTitle>
        <Form onSubmit={(values: Partial<ForwardValues>) => void submit(values)} noValidate>
          <ContentWatch onChange={setTyped} />
          <DialogContent sx={{ pt: 1 }} onKeyDown={keepEnterFromSending}>
            {mode === FORWARD_MODE.reply ? (
              <Typography sx={{ mb: 2 }}>
                گیرنده: <strong>{record.messageFromUserFullName || record.messageFrom}</strong>
                {record.messageTypeFk === INCOMING ? ' (ثبت‌کننده این نامه وارده)' : ''}
              </Typography>
            ) : (
              <LookupInput
                source="selectedTo"
                resource="person"
                label={mode === FORWARD_MODE.forward ? 'گیرندگان' : 'گیرنده'}
                multiple={mode === FORWARD_MODE.forward}
                validate={required()}
                exclude={[myPersonId]}
              />
            )}
            <TextInput
              source="forwardMessage"
              label={noteLabel}
              multiline
              minRows={3}
              fullWidth
              validate={[
                ...(mode === FORWARD_MODE.reply ? [required()] : []),
                (value: unknown) => tooLongText(noteLabel, LETTER_TEXT_MAX.forwardNote, value),
              ]}
              helperText={<NoteLength />}
            />
            <LetterImagesInput
              source="files"
              label="تصویرها"
              placeholder={
                <Typography sx={{ py: 1 }}>
                  انتخاب تصویر ({LETTER_IMAGE_TYPES_LIST} {IMAGE_SIZE_HINT})
                </Typography>
              }
            >
              <FileField source="src" title="title" />
            </LetterImagesInput>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              لغو
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {mode === FORWARD_MODE.reply ? 'ثبت پاسخ' : 'ارجاع'}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
      <ConfirmDialog
        open={askingToDiscard}
        title={`از ${TITLES[mode]} صرف‌نظر می‌کنید؟`}
        detail="آنچه در این پنجره نوشته یا انتخاب کرده‌اید از دست می‌رود."
        cancelLabel="ادامه نوشتن"
        confirmLabel="صرف‌نظر"
        onCancel={() => setAskingToDiscard(false)}
        onConfirm={onClose}
      />
    </>
  );
}
