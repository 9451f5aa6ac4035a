// The letter itself: the top bar, the tabs (view, compose, attachments, related letters,
// and for a saved letter forwards and events), the bottom buttons and the dialogs. Which
// buttons are open is letterButtons.ts; what they do is useLetterActions.ts.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Form, Title } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { getSession } from '../../../api/session';
import { APP_NAME } from '../../../layout/appName';
import { usePermissions } from '../../../auth';
import { formatJalali } from '../../../shared/jalali';
import { groupDigits, toPersianDigits } from '../../../shared/persian-digits';
import type { LetterDetail } from '../api';
import { letterTypeInfo, OUTGOING } from '../letterTypes';
import { AttachmentsTab } from './AttachmentsTab';
import {
  useComposeAddress,
  useFoundBackup,
  useKeptBackup,
  useRestoredBackup,
  useStrandedBackup,
  type ComposeBackup,
} from './composeBackup';
import { ComposeTab } from './ComposeTab';
import { EventsTab, ForwardsTab } from './HistoryTabs';
import { LetterBottomBar, LetterTopBar } from './LetterBars';
import { letterButtons, type LetterButtons } from './letterButtons';
import { emptyValues, isChanged, valuesOf, type LetterFormValues } from './letterForm';
import { LetterDialogs, type DialogName } from './LetterDialogs';
import { RelatedTab } from './RelatedTab';
import { StrandedCopy } from './StrandedCopy';
import { useLetterActions } from './useLetterActions';
import { defaultScheme, type SchemeChoice } from './useLetterChoices';
import { ForwardsToMe, ViewTab } from './ViewTab';

/** Event type 8: a user read the letter (spec 1 §4, §9). */
export const READ_EVENT = 8;

export type LetterTab = 'view' | 'compose' | 'attachments' | 'related' | 'forwards' | 'events';

/** The tab a reload of the letter comes back to (`kept`), and where a tab shown is told. */
export interface TabMemory {
  kept?: LetterTab;
  shown: (tab: LetterTab) => void;
}

export interface LetterEditorProps {
  detail: LetterDetail | null;
  messageType: number;
  pageType: string;
  schemes: SchemeChoice[];
  /** Set when the schemes could not be loaded (ComposeTab says so, with this retry). */
  retrySchemes?: () => void;
  myPersonId: number | null;
  reload: () => void;
  /** A save refused: what the form offers may have changed meanwhile (a scheme switched off). */
  onRefused?: () => void;
  tabs?: TabMemory;
}

export function LetterEditor(props: LetterEditorProps) {
  const { detail, messageType, schemes, myPersonId } = props;
  const record = detail?.record;
  // What was loaded: the measure of "changed". Fixed for this load (a reload remounts).
  const [loaded] = useState<LetterFormValues>(() =>
    record
      ? valuesOf(record)
      : {
          ...emptyValues(defaultScheme(schemes)),
          messageFromManFk: messageType === OUTGOING ? myPersonId : null,
        },
  );
  const [dialog, setDialog] = useState<DialogName | null>(null);
  return (
    <>
      <Form defaultValues={loaded} onSubmit={() => undefined} noValidate>
        <LetterWorkspace {...props} loaded={loaded} openDialog={setDialog} />
      </Form>
      {/* Outside the letter's <form>: the dialogs have forms of their own. */}
      <LetterDialogs {...props} dialog={dialog} close={() => setDialog(null)} />
    </>
  );
}

interface WorkspaceProps extends LetterEditorProps {
  loaded: LetterFormValues;
  openDialog: (name: DialogName) => void;
}

function firstTab(detail: LetterDetail | null, buttons: LetterButtons): LetterTab {
  if (!detail) return 'compose';
  // spec 1 §2: a letter read before opens on its attachments.
  if (detail.record.isReaded) return 'attachments';
  return buttons.editable ? 'compose' : 'view';
}

function LetterWorkspace({
  detail,
  messageType,
  pageType,
  schemes,
  retrySchemes,
  myPersonId,
  reload,
  onRefused,
  tabs,
  loaded,
  openDialog,
}: WorkspaceProps) {
  const record = detail?.record;
  // Deferred: a key press paints first, the buttons' "changed" state follows.
  const current = useDeferredValue(useWatch() as Partial<LetterFormValues>);
  const changed = useMemo(() => isChanged(loaded, current), [loaded, current]);
  // The form as it is now, not as the deferred render last saw it: the copy written as the
  // screen closes must hold the last keys pressed.
  const { getValues } = useFormContext<LetterFormValues>();
  const me = getSession()?.user.userId;
  const permissions = usePermissions();
  const holder = record ? (record.isHolder ?? (!record.isSend && Boolean(record.isAuthor))) : true;
  const buttons = letterButtons({
    saved: Boolean(record && record.messageId > 0),
    sent: Boolean(record?.isSend),
    signed: Boolean(record?.signed),
    numbered: Boolean(record?.number),
    holder,
    changed,
    author: Boolean(record?.isAuthor),
    sender: me !== undefined && record?.messageFromUserId === me,
    readByOthers: (detail?.messageEvent ?? []).some(
      (event) => event.eventTypeFk === READ_EVENT && event.creatorUserId !== me,
    ),
    mayWriteInternal: permissions.includes('CreateInternalMessage'),
  });
  const address = useComposeAddress();
  const backup = useFoundBackup(address, loaded, buttons.editable);
  // What was typed here before the letter left the user's hands: offered apart, over the
  // letter as it now is (its view tab, not the greyed-out form).
  const stranded = useStrandedBackup(address, loaded, buttons.editable);
  const [strandedShown, setStrandedShown] = useState(stranded !== null);
  const [tab, setTab] = useState<LetterTab>(() =>
    stranded ? 'view' : (tabs?.kept ?? firstTab(detail, buttons)),
  );
  // The tab shown, the first one too: a reload (signed, numbered, filed) comes back to it.
  useEffect(() => {
    tabs?.shown(tab);
    // `tabs` is made anew by each render of the screen; the tab decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab]);
  // The copy's key, until the copy is dropped: what is written then is another letter.
  const [copyKey, setCopyKey] = useState(backup?.clientKey);
  const actions = useLetterActions({
    restoredKey: copyKey,
    record,
    messageType,
    pageType,
    editable: buttons.editable,
    reload,
    refused: onRefused,
    // Too many new files is the attachments tab's error; every other one is the compose tab's.
    showErrors: (fields) =>
      setTab(fields.includes('attachments') && fields.length === 1 ? 'attachments' : 'compose'),
  });
  useKeptBackup(address, loaded, current, changed, buttons.editable, actions.clientKey, getValues);
  const restored = useRestoredBackup(backup, loaded);
  const saved = Boolean(record && record.messageId > 0);
  const typeLabel = letterTypeInfo(messageType)?.label ?? '';
  const heading = record
    ? `نامه ${typeLabel} ${toPersianDigits(record.displayMessageNumber ?? '')}`.trim()
    : `نامه ${typeLabel} جدید`;
  // The browser tab names the letter (its subject), not «نامه» for every letter: a user with
  // several letters open tells them apart. DocumentTitle names the next screen on leaving.
  // Without direction controls: an unclosed override in a subject turned « — دبیر» around.
  const tabTitle = record?.subject?.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').trim() || heading;
  useEffect(() => {
    document.title = `${tabTitle} — ${APP_NAME}`;
  }, [tabTitle]);

  return (
    // Room below the bottom buttons for the notices (spec 1 §8), which stand at the foot of the
    // window for 2–3 s: scrolled to the end, the buttons are above them, not under them.
    <Box
      sx={{ pt: 2, pb: { xs: 10, sm: 12 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Title title={heading} />
      <LetterTopBar heading={heading} buttons={buttons} busy={actions.busy} onAction={openDialog} />
      {restored.shown && backup && (
        <RestoredBanner
          backup={backup}
          onUndo={() => {
            restored.undo(address);
            setCopyKey(undefined);
          }}
          onClose={restored.close}
        />
      )}
      {strandedShown && stranded && (
        <StrandedCopy
          backup={stranded}
          address={address}
          messageType={messageType}
          reason={record?.isSend ? 'sent' : record?.signed ? 'signed' : holder ? 'other' : 'passedOn'}
          savedFiles={detail?.attachment.length}
          related={detail?.relatedMessage}
          onDropped={() => setStrandedShown(false)}
        />
      )}
      <Card>
        <Tabs
          value={tab}
          onChange={(_, next: LetterTab) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="بخش‌های نامه"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab {...tabOf('view')} label="مشاهده نامه" />
          <Tab {...tabOf('compose')} label="نگارش نامه" />
          <Tab {...tabOf('attachments')} label={tabLabel('پیوست‌ها', detail?.attachment.length)} />
          <Tab
            {...tabOf('related')}
            label={tabLabel(
              'نامه‌های مرتبط',
              detail ? detail.relatedMessage.length + detail.relatedToThis.length : undefined,
            )}
          />
          {saved && <Tab {...tabOf('forwards')} label="ارجاع‌ها" />}
          {saved && <Tab {...tabOf('events')} label="رویدادهای نامه" />}
        </Tabs>
        {/* The one panel the tabs show their part in, named by the tab that is open. */}
        <CardContent role="tabpanel" id={LETTER_PANEL} aria-labelledby={tabId(tab)}>
          {tab === 'view' && (
            <ViewTab
              record={record}
              messageType={messageType}
              forwards={detail?.allForwardedMessage}
              myPersonId={myPersonId}
            />
          )}
          {/* Always mounted: its inputs carry the form's rules, checked before any save. */}
          <Box hidden={tab !== 'compose'}>
            {/* A draft passed to the user opens here: the note it came with, above the form. */}
            {record && !record.isSend && <ForwardsToMe forwards={detail?.allForwardedMessage ?? []} />}
            <ComposeTab
              messageType={messageType}
              readOnly={!buttons.editable}
              schemes={schemes}
              retrySchemes={retrySchemes}
              myPersonId={myPersonId}
            />
          </Box>
          <Box hidden={tab !== 'attachments'}>
            <AttachmentsTab attachments={detail?.attachment ?? []} editable={buttons.editable} />
          </Box>
          {tab === 'related' && (
            <RelatedTab
              messageId={record?.messageId ?? 0}
              related={detail?.relatedMessage ?? []}
              relatedToThis={detail?.relatedToThis ?? []}
              editable={buttons.editable}
            />
          )}
          {tab === 'forwards' && <ForwardsTab forwards={detail?.allForwardedMessage ?? []} />}
          {tab === 'events' && <EventsTab events={detail?.messageEvent ?? []} />}
        </CardContent>
        {actions.progress !== null && (
          <Box sx={{ px: 2, pb: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                بارگذاری پیوست‌ها: {toPersianDigits(Math.round(actions.progress * 100))}٪
              </Typography>
              {/* While the bytes are on the way (a slow or stalled link): after, it may be saved. */}
              {actions.progress < 1 && (
                <Button size="small" onClick={actions.cancelUpload}>
                  لغو بارگذاری
                </Button>
              )}
            </Box>
            <LinearProgress
              variant="determinate"
              value={actions.progress * 100}
              aria-label="پیشرفت بارگذاری"
            />
          </Box>
        )}
        <LetterBottomBar
          buttons={buttons}
          actions={actions}
          onForwardDraft={() => openDialog('forwardDraft')}
        />
      </Card>
    </Box>
  );
}

const LETTER_PANEL = 'letter-panel';
const tabId = (tab: LetterTab) => `letter-tab-${tab}`;
/** A tab tied to the panel it opens (aria-controls), for a screen reader. */
const tabOf = (tab: LetterTab) => ({ value: tab, id: tabId(tab), 'aria-controls': LETTER_PANEL });

const tabLabel = (label: string, count: number | undefined) =>
  count ? `${label} (${groupDigits(count)})` : label;

/** Says the form holds what was typed before (a reload, an ended session) and not what was saved. */
function RestoredBanner({
  backup,
  onUndo,
  onClose,
}: {
  backup: ComposeBackup;
  onUndo: () => void;
  onClose: () => void;
}) {
  const files = backup.fileNames.length;
  const [day, time] = toPersianDigits(formatJalali(new Date(backup.savedAt), { withTime: true })).split(' ');
  // An Alert given an action draws no close icon of its own: both go in the action.
  return (
    <Alert
      severity={backup.overtaken ? 'warning' : 'info'}
      action={
        <>
          <Button color="inherit" size="small" onClick={onUndo} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            دور انداختن
          </Button>
          <IconButton color="inherit" size="small" aria-label="بستن پیام بازگردانی" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      آنچه در {day} ساعت {time} نوشته بودید و ذخیره نشده بود بازگردانده شد.
      {backup.carried &&
        ' این متن از نامه‌ای آمده است که دیگر از آنجا ویرایش نمی‌شد؛ اینجا نامه‌ای تازه است.'}
      {backup.overtaken &&
        ' این نامه پس از آن جای دیگری ویرایش شده است: با «دور انداختن» نسخه‌ی تازه را ببینید؛ با ذخیره، متن شما جای آن را می‌گیرد.'}
      {files > 0 &&
        ` پیوست‌های انتخاب‌شده (${toPersianDigits(files)} پرونده: ${backup.fileNames.join('، ')}) را دوباره بیفزایید.`}
    </Alert>
  );
}
