// The letter screen (spec 1 §2 "Letter screen (route Letter)"):
// /letter/{create}/{pagetype}/{messagetype}/{id}. Loads the letter (id 0: a new letter of
// the type), the numbering schemes of its type and the user's person, then draws the
// editor. Any action that changes the letter reloads it from the server, as does
// react-admin's refresh (the top bar's «بارگذاری دوباره»); a letter that could not be
// loaded (the network) says so and offers «تلاش دوباره».
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { fetchLetter, type LetterDetail } from '../api';
import { hasPermission } from '../../../api/session';
import { useOnRefresh } from '../../../ui/useOnRefresh';
import { letterTypeInfo } from '../letterTypes';
import { useComposeAddress, useStrandedBackup } from './composeBackup';
import { LetterEditor, type LetterTab, type TabMemory } from './LetterEditor';
import { StrandedCopy } from './StrandedCopy';
import { offeredSchemes, useLetterChoices } from './useLetterChoices';

export default function LetterScreen() {
  const { id = '0', messagetype = '4', pagetype = 'AllMyMessage' } = useParams();
  const [generation, setGeneration] = useState(0);
  const letter = `${id}/${messagetype}/${pagetype}`;
  // A reload (filed, signed, numbered) comes back to the tab the user was on; another
  // letter opens on its own first tab.
  const [shown, setShown] = useState<{ letter: string; tab: LetterTab } | null>(null);
  // The control the keyboard was on when an action reloaded the letter: the screen is made
  // anew, and the keyboard would otherwise start again at the top of the page.
  const [focused, setFocused] = useState<string | null>(null);
  // The last control the keyboard was on: a pressed button is disabled while its call goes
  // (Chromium then moves the focus to the page), so the one focused at reload is no guide.
  const lastFocused = useRef<string | null>(null);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      lastFocused.current = controlName(event.target as Element);
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, []);
  const reload = () => {
    setFocused(controlName(document.activeElement) ?? lastFocused.current ?? '');
    setGeneration((n) => n + 1);
  };
  // What was typed and not saved comes back from its copy (composeBackup.ts).
  useOnRefresh(reload);
  return (
    <LetterLoader
      key={`${letter}/${generation}`}
      id={Number(id) || 0}
      messageType={Number(messagetype)}
      pageType={pagetype}
      focusBack={focused}
      reload={reload}
      tabs={{
        kept: shown?.letter === letter ? shown.tab : undefined,
        shown: (tab) => setShown({ letter, tab }),
      }}
    />
  );
}

/** A control's name as a screen reader reads it (its label, else its text). */
function controlName(element: Element | null): string | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  return element.getAttribute('aria-label') || element.textContent?.trim() || null;
}

/** Back to the control of that name, if the letter still offers it (a «امضا» pressed is
 *  gone once signed), else to the tab the letter opened on. */
function focusControl(name: string | null) {
  if (name === null) return; // drawn first, not after a reload
  const controls = [...document.querySelectorAll<HTMLElement>('button, [role="tab"]')];
  const same = controls.find(
    (control) => controlName(control) === name && !(control as HTMLButtonElement).disabled,
  );
  (same ?? controls.find((control) => control.getAttribute('aria-selected') === 'true'))?.focus();
}

interface LetterLoaderProps {
  id: number;
  /** The control to give the keyboard back to once the letter is drawn (after a reload). */
  focusBack: string | null;
  messageType: number;
  pageType: string;
  reload: () => void;
  tabs: TabMemory;
}

/** A letter that could not be loaded (the network, the server failing): why, to try again. */
interface LoadFailure {
  failed: string;
}

function LetterLoader({ id, messageType, pageType, reload, tabs, focusBack }: LetterLoaderProps) {
  // The letter, the server's refusal (a string: «نامه یافت نشد»), or a failed load.
  const [detail, setDetail] = useState<LetterDetail | string | LoadFailure | null>(null);
  useEffect(() => {
    if (id <= 0) return;
    let current = true;
    void fetchLetter(id, pageType)
      .catch((error: unknown): LoadFailure => ({ failed: error instanceof Error ? error.message : '' }))
      .then((answer) => current && setDetail(answer));
    return () => {
      current = false;
    };
  }, [id, pageType]);
  const loaded = detail !== null && typeof detail === 'object' && 'record' in detail ? detail : null;
  const type = loaded?.record.messageTypeFk ?? messageType;
  const choices = useLetterChoices(type);
  const drawn = Boolean(choices) && (id <= 0 || loaded !== null);
  useEffect(() => {
    if (drawn) focusControl(focusBack);
  }, [drawn, focusBack]);

  if (typeof detail === 'string') return <LetterMissing message={detail} messageType={messageType} gone />;
  if (detail && 'failed' in detail) return <LetterLoadFailed reason={detail.failed} onRetry={reload} />;
  if (id > 0 && !loaded) return <LetterSkeleton />;
  const info = letterTypeInfo(type);
  if (id <= 0 && !info) return <LetterMissing message="نوع نامه معتبر نیست" messageType={messageType} />;
  // Said before a form is filled in that the server would refuse (it checks the same).
  if (id <= 0 && info && !hasPermission(info.permission))
    return (
      <LetterMissing message={`شما اجازه‌ی نوشتن نامه‌ی ${info.label} را ندارید`} messageType={messageType} />
    );
  if (!choices) return <LetterSkeleton />;
  return (
    <LetterEditor
      detail={loaded}
      messageType={type}
      pageType={pageType}
      schemes={offeredSchemes(choices.schemes, loaded?.record.andikatorFk)}
      retrySchemes={choices.schemesFailed ? choices.refresh : undefined}
      myPersonId={choices.myPersonId}
      reload={reload}
      onRefused={choices.refresh}
      tabs={tabs}
    />
  );
}

function LetterSkeleton() {
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }} aria-busy="true">
      <Title title="نامه" />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={420} />
    </Box>
  );
}

/** The letter could not be loaded: said so (with the reason, «خطا در ارتباط با سرور»), and
 *  «تلاش دوباره» loads it again. */
function LetterLoadFailed({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="نامه" />
      <CardContent sx={{ textAlign: 'center', py: 6, display: 'grid', gap: 2, justifyItems: 'center' }}>
        <Typography variant="h6" component="h1" role="alert">
          بارگذاری نامه انجام نشد
        </Typography>
        {reason && <Typography color="text.secondary">{reason}</Typography>}
        <Button variant="contained" onClick={onRetry}>
          تلاش دوباره
        </Button>
      </CardContent>
    </Card>
  );
}

/** The letter is not there (deleted, never was, not the user's) or may not be written: said
 *  so, and what the user typed in it before is offered as text (StrandedCopy). */
function LetterMissing({
  message,
  messageType,
  gone = false,
}: {
  message: string;
  messageType: number;
  /** The server answered the letter does not exist (for this user). */
  gone?: boolean;
}) {
  const address = useComposeAddress();
  const stranded = useStrandedBackup(address, null, false);
  const [shown, setShown] = useState(stranded !== null);
  return (
    <Box sx={{ mt: 2, maxWidth: 640, display: 'grid', gap: 2 }}>
      <Card>
        <Title title="نامه" />
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" component="h1">
            {message}
          </Typography>
        </CardContent>
      </Card>
      {shown && stranded && (
        <StrandedCopy
          backup={stranded}
          address={address}
          messageType={messageType}
          reason={gone ? 'gone' : 'other'}
          onDropped={() => setShown(false)}
        />
      )}
    </Box>
  );
}
