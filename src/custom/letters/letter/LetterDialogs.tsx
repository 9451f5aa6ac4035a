// The dialogs of the letter screen's top bar (spec 1 §2): archive folder, favourite
// folder, print template, forward / reply / forward draft, and the delete confirmation,
// with where each one leads afterwards (spec 1 §4): a forward to MyMessage, a forwarded
// draft or a reply to the drafts, a delete to MyMessage — unless the user has left the
// screen while the call went (a slow forward): then its notice is all. A print shows its
// progress while the document is made and received; a refusal shows in red and keeps the
// dialog open — but a draft passed on or a delete refused reloads the letter (sent again
// after a lost answer, it was done already: the screen shows what the letter now is).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-admin';
import { answerMessage, type ApiAnswer } from '../../../api/http';
import { LETTER_NOT_FOUND } from '../../../shared/letter-messages';
import { pathTo } from '../../../routes';
import { startDownload } from '../../../resources/list/RowActions';
import { useNotice } from '../../../ui/notices';
import { ConfirmDialog } from '../../dashboard/ConfirmDialog';
import {
  archiveLetter,
  deleteLetter,
  favoriteLetter,
  FORWARD_MODE,
  printUrl,
  takeOutOfFolder,
  type ForwardMode,
} from '../api';
import { dropComposeBackup, useComposeAddress } from './composeBackup';
import { ChooseDialog, type ChooseProgress } from './dialogs/ChooseDialog';
import { ForwardDialog } from './dialogs/ForwardDialog';
import { AskAdminUnlessOpen, SettingsPlace } from '../pickers/SettingsPlace';
import type { LetterEditorProps } from './LetterEditor';

export type DialogName = 'reply' | 'forward' | 'forwardDraft' | 'archive' | 'favorite' | 'print' | 'delete';

const FORWARD_DIALOGS: Partial<Record<DialogName, ForwardMode>> = {
  forward: FORWARD_MODE.forward,
  forwardDraft: FORWARD_MODE.forwardDraft,
  reply: FORWARD_MODE.reply,
};

interface LetterDialogsProps extends LetterEditorProps {
  dialog: DialogName | null;
  close: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '');

/** Said when a delete finds the letter gone already (its first answer lost on the way). */
export const ALREADY_DELETED = 'نامه پیش‌تر حذف شده است';

/** A print's progress: the server makes the document (seconds, no measure), then sends it. */
const printProgress = (received: number | null): ChooseProgress =>
  received === null
    ? { label: 'در حال ساختن سند…', value: null }
    : { label: 'در حال دریافت سند…', value: received };

export function LetterDialogs({ detail, pageType, myPersonId, reload, dialog, close }: LetterDialogsProps) {
  const notice = useNotice();
  const navigate = useNavigate();
  const address = useComposeAddress();
  const [deleting, setDeleting] = useState(false);
  const [printing, setPrinting] = useState<ChooseProgress | null>(null);
  // Still on screen when a call's answer comes: a screen left meanwhile leads nowhere.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const record = detail?.record;
  if (!record) return null;
  const id = record.messageId;

  /** A call's answer in green or red; true when it succeeded. */
  const attempt = async (call: () => Promise<ApiAnswer | void>) => {
    try {
      const answer = await call();
      return answer ? notice.fromAnswer(answer) : true;
    } catch (error) {
      notice.error(errorText(error));
      return false;
    }
  };

  /** Filed in a folder (or printed): the letter is loaded again once the dialog has closed,
   *  so its events tab shows it. */
  const file = async (call: () => Promise<ApiAnswer | void>) => {
    const done = await attempt(call);
    if (done) setTimeout(reload, 0);
    return done;
  };

  /** The file is saved only when it came: a refusal (a template deleted meanwhile, one that
   *  cannot be filled) is shown instead, and the dialog stays for another choice. Printed,
   *  the letter is loaded again, as a filing is: its events tab shows the print. */
  const print = async (template: number) => {
    setPrinting(printProgress(null));
    const done = await file(() =>
      startDownload(printUrl(template, id), (received) => setPrinting(printProgress(received))),
    );
    setPrinting(null);
    return done;
  };

  const remove = async () => {
    setDeleting(true);
    let outcome: 'done' | 'refused' | 'failed';
    try {
      const answer = await deleteLetter(id, pageType);
      // The letter this screen showed is gone: deleted by this very call sent again after
      // its answer was lost, or elsewhere. What the user asked for is so.
      if (answer.status !== 1 && answerMessage(answer) === LETTER_NOT_FOUND) {
        notice.success(ALREADY_DELETED);
        outcome = 'done';
      } else outcome = notice.fromAnswer(answer) ? 'done' : 'refused';
    } catch (error) {
      notice.error(errorText(error));
      outcome = 'failed';
    }
    setDeleting(false);
    close();
    // Deleted here, on purpose: what was typed in it is not to be offered back.
    if (outcome === 'done') dropComposeBackup(address);
    if (!mounted.current) return;
    if (outcome === 'done') navigate(pathTo('MyMessage') ?? '/');
    else if (outcome === 'refused') reload();
  };

  return (
    <>
      <ChooseDialog
        open={dialog === 'archive'}
        title="بایگانی نامه"
        resource="archive"
        label="پوشه بایگانی"
        noneYet={
          <>
            پوشه بایگانی‌ای نیست؛ پوشه‌ها در <SettingsPlace list="Archive" /> ساخته می‌شوند
            <AskAdminUnlessOpen list="Archive" />
          </>
        }
        confirmLabel="بایگانی"
        onClose={close}
        onConfirm={(folder) => file(() => archiveLetter(id, folder, pageType))}
        current={{ id: record.archiveFk ?? null, title: record.archiveTitle ?? '' }}
        removeLabel="خارج کردن از بایگانی"
        onRemove={() => file(() => takeOutOfFolder(id, 'Archive', record.archiveFk ?? 0))}
      />
      <ChooseDialog
        open={dialog === 'favorite'}
        title="افزودن به پوشه دلخواه"
        resource="favorite"
        label="پوشه دلخواه"
        noneYet={
          <>
            پوشه دلخواهی نیست؛ پوشه‌ها در <SettingsPlace list="Favorite" /> ساخته می‌شوند
            <AskAdminUnlessOpen list="Favorite" />
          </>
        }
        confirmLabel="افزودن"
        onClose={close}
        onConfirm={(folder) => file(() => favoriteLetter(id, folder, pageType))}
        current={{ id: record.favoriteFk ?? null, title: record.favoriteTitle ?? '' }}
        removeLabel="خارج کردن از پوشه دلخواه"
        onRemove={() => file(() => takeOutOfFolder(id, 'Favorite', record.favoriteFk ?? 0))}
      />
      <ChooseDialog
        open={dialog === 'print'}
        title="چاپ نامه"
        resource="template"
        label="قالب چاپ"
        noneYet={
          <>
            قالب نامه‌ای نیست؛ قالب‌ها در <SettingsPlace list="TemplateManager" /> بارگذاری می‌شوند
            <AskAdminUnlessOpen list="TemplateManager" />
          </>
        }
        confirmLabel="چاپ"
        onClose={close}
        onConfirm={print}
        progress={printing}
        // A tenant's one template is chosen at once (its seeded public one, until others are
        // uploaded). An organisation may have none (one not made by the seed): then the field
        // says where templates are uploaded.
        chooseTheOnlyOne
      />
      <ForwardDialog
        key={dialog ?? 'closed'}
        mode={(dialog && FORWARD_DIALOGS[dialog]) ?? null}
        record={record}
        pageType={pageType}
        myPersonId={myPersonId}
        onClose={close}
        onDone={(mode) => {
          if (!mounted.current) return;
          close();
          navigate(pathTo(mode === FORWARD_MODE.forward ? 'MyMessage' : 'DraftMessage') ?? '/');
        }}
        onRefused={(mode) => {
          // A forward's or a reply's refusal is about what the dialog holds (a recipient):
          // it stays. A draft's is about the draft (passed on already, signed meanwhile).
          if (!mounted.current || mode !== FORWARD_MODE.forwardDraft) return;
          close();
          reload();
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        busy={deleting}
        detail={`نامه «${record.subject}» حذف می‌شود.`}
        onCancel={close}
        onConfirm={() => void remove()}
      />
    </>
  );
}
