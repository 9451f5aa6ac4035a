// What the bottom buttons do (spec 1 §4): send (IsSend 1; then the saved letter opens),
// save draft (IsSend 0; then the drafts), assign a number (IsSend 6), sign and remove the
// signature. The form is checked first when it may be edited; a refusal or a network
// failure shows its own message in red (spec 1 §8). Attachments upload with progress.
import { useState } from 'react';
import { useNavigate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { pathTo } from '../../../routes';
import { useNotice } from '../../../ui/notices';
import { removeSignature, SAVE_MODE, saveLetter, signLetter, type LetterRecord, type SaveMode } from '../api';
import { letterPath } from '../letterTypes';
import { saveFields, type LetterFormValues } from './letterForm';

interface ActionsOptions {
  record: LetterRecord | undefined;
  messageType: number;
  pageType: string;
  editable: boolean;
  reload: () => void;
  /** The form has errors in these fields: show the tab where they are. */
  showErrors: (fields: string[]) => void;
}

export type LetterActions = ReturnType<typeof useLetterActions>;

const errorText = (error: unknown) => (error instanceof Error ? error.message : '');

export function useLetterActions({
  record,
  messageType,
  pageType,
  editable,
  reload,
  showErrors,
}: ActionsOptions) {
  const { handleSubmit, getValues } = useFormContext<LetterFormValues>();
  const notice = useNotice();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const messageId = record?.messageId ?? 0;

  const afterSave = (mode: SaveMode, id: number) => {
    if (mode === SAVE_MODE.send) navigate(letterPath('Send', messageType, id));
    else if (mode === SAVE_MODE.draft) navigate(pathTo('DraftMessage') ?? '/');
    else if (id === messageId) reload();
    else navigate(letterPath('Draft', messageType, id));
  };

  const store = async (values: LetterFormValues, mode: SaveMode) => {
    const files = (values.attachments ?? []).map((file) => file.rawFile);
    const fields = saveFields(
      values,
      { messageId, messageType, projectFk: record?.projectFk, selectedBcc: record?.selectedBcc },
      mode,
      pageType,
    );
    setBusy(true);
    if (files.length) setProgress(0);
    try {
      const answer = await saveLetter(fields, files, setProgress);
      if (notice.fromAnswer(answer)) afterSave(mode, Number(answer.id) || messageId);
    } catch (error) {
      notice.error(errorText(error));
    } finally {
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
      if (notice.fromAnswer(await call(messageId))) reload();
    } catch (error) {
      notice.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    progress,
    send: () => save(SAVE_MODE.send),
    saveDraft: () => save(SAVE_MODE.draft),
    assignNumber: () => save(SAVE_MODE.number),
    sign: () => signing(signLetter),
    removeSignature: () => signing(removeSignature),
  };
}
