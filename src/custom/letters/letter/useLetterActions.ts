// What the bottom buttons do (spec 1 §4): send (IsSend 1; then the saved letter opens),
// save draft (IsSend 0; then the drafts), assign a number (IsSend 6), sign and remove the
// signature. The form is checked first when it may be edited; a refusal or a network
// failure shows its own message in red (spec 1 §8). Attachments upload with progress. A
// sign or a signature removed reloads the letter, refused too (it was done already). A save
// refused because the letter is no longer this screen's to edit (sent, signed, passed on,
// deleted elsewhere) keeps what was typed and loads the letter as it now is, where the copy
// is offered as text and as a new letter (StrandedCopy.tsx).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useFormContext } from 'react-hook-form';
import { pathTo } from '../../../routes';
import { useNotice } from '../../../ui/notices';
import { removeSignature, SAVE_MODE, saveLetter, signLetter, type LetterRecord, type SaveMode } from '../api';
import { letterPath } from '../letterTypes';
import { dropComposeBackup, keepOvertakenBackup, useComposeAddress } from './composeBackup';
import { newClientKey, saveFields, type LetterFormValues } from './letterForm';
import { EDITED_ELSEWHERE, OUT_OF_HAND } from '../../../shared/letter-messages';
import { UPLOAD_CANCELLED } from '../../../api/uploadWithProgress';

interface ActionsOptions {
  record: LetterRecord | undefined;
  /** The key of a copy of this screen's letter brought back (composeBackup.ts). */
  restoredKey?: string;
  messageType: number;
  pageType: string;
  editable: boolean;
  reload: () => void;
  /** The server refused a save (its reason is shown): what the form offers is asked again. */
  refused?: () => void;
  /** The form has errors in these fields: show the tab where they are. */
  showErrors: (fields: string[]) => void;
}

export type LetterActions = ReturnType<typeof useLetterActions>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : '');

/** Said when the user stops the attachments' upload: nothing of the letter was saved. */
export const LETTER_UPLOAD_CANCELLED = 'بارگذاری پیوست‌ها لغو شد؛ نامه ذخیره نشد';

export function useLetterActions({
  record,
  restoredKey,
  messageType,
  pageType,
  editable,
  reload,
  refused,
  showErrors,
}: ActionsOptions) {
  const { handleSubmit, getValues } = useFormContext<LetterFormValues>();
  const notice = useNotice();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const messageId = record?.messageId ?? 0;
  // One key per visit of the screen: a retry after a lost answer is on the same visit;
  // any navigation (a new letter from the menu) is a new letter with a new key.
  const { key: visit } = useLocation();
  const address = useComposeAddress();
  // A copy brought back after a reload keeps its key: its letter may have been saved then.
  const clientKey = useMemo(() => restoredKey ?? newClientKey(), [visit, restoredKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // Set at once, unlike `busy`: clicks queued in one task must not save twice.
  const inFlight = useRef(false);
  // A slow or stalled upload of attachments can be stopped while its bytes are on the way:
  // the server saves nothing of a request it did not receive whole. Once they are all sent
  // the letter may be saved already, and a stop would only hide it: no stopping then.
  const upload = useRef<AbortController | null>(null);
  const cancelUpload = () => {
    if (progress !== null && progress < 1) upload.current?.abort();
  };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const afterSave = (mode: SaveMode, id: number) => {
    dropComposeBackup(address, { saved: true });
    // The user left while it was saving: the answer's toast is enough, no pulling back.
    if (!mounted.current) return;
    if (mode === SAVE_MODE.send) navigate(letterPath('Send', messageType, id));
    else if (mode === SAVE_MODE.draft) navigate(pathTo('DraftMessage') ?? '/');
    else if (id === messageId) reload();
    else navigate(letterPath('Draft', messageType, id));
  };

  const store = async (values: LetterFormValues, mode: SaveMode) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const files = (values.attachments ?? []).map((file) => file.rawFile);
    const fields = saveFields(
      values,
      {
        messageId,
        messageType,
        projectFk: record?.projectFk,
        clientKey,
        editVersion: record?.editVersion,
      },
      mode,
      pageType,
    );
    setBusy(true);
    if (files.length) {
      setProgress(0);
      upload.current = new AbortController();
    }
    try {
      const answer = await saveLetter(fields, files, setProgress, upload.current?.signal);
      if (notice.fromAnswer(answer)) afterSave(mode, Number(answer.id) || messageId);
      else {
        const reason = answer.message ?? answer.messge ?? '';
        // Edited elsewhere: what was typed is kept for the letter opened anew (its banner).
        if (reason === EDITED_ELSEWHERE) keepOvertakenBackup(address);
        // Out of this screen's hands: kept, and the letter shown as it is now, the copy beside.
        if (messageId > 0 && OUT_OF_HAND.includes(reason)) {
          keepOvertakenBackup(address);
          if (mounted.current) reload();
        } else refused?.();
      }
    } catch (error) {
      notice.error(errorText(error) === UPLOAD_CANCELLED ? LETTER_UPLOAD_CANCELLED : errorText(error));
    } finally {
      inFlight.current = false;
      upload.current = null;
      setBusy(false);
      setProgress(null);
    }
  };

  const save = (mode: SaveMode) => {
    // A signed draft is sent as it was signed: there is nothing to check.
    if (!editable) return store(getValues(), mode);
    return handleSubmit(
      (values) => store(values, mode),
      (errors) => showErrors(Object.keys(errors)),
    )();
  };

  const signing = async (call: (id: number) => ReturnType<typeof signLetter>) => {
    setBusy(true);
    try {
      // Done, or refused: the letter is loaded again either way. A refusal most often says
      // the screen is behind the letter — a sign sent again after its answer was lost is
      // «این پیش‌نویس پیش‌تر امضا شده است» — and the screen then shows what it now is.
      notice.fromAnswer(await call(messageId));
      reload();
    } catch (error) {
      notice.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    clientKey,
    busy,
    progress,
    cancelUpload,
    send: () => save(SAVE_MODE.send),
    saveDraft: () => save(SAVE_MODE.draft),
    assignNumber: () => save(SAVE_MODE.number),
    sign: () => signing((id) => signLetter(id, record?.editVersion)),
    removeSignature: () => signing(removeSignature),
  };
}
