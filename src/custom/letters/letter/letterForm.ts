// The compose form of a letter: its values from a loaded letter (or a new one), which
// fields each type requires (spec 1 §5), whether the form differs from what was loaded
// (the "changed" state of §4), and the message/save fields it sends.
import { startOfTehranDay, tehranWallClock, toIsoDate } from '../../../shared/jalali';
import { hasVisibleText } from '../../../shared/persian';
import type { LetterRecord, RelatedLetter } from '../api';
import { INCOMING, INTERNAL, OUTGOING } from '../letterTypes';

/** A related letter chosen in the picker, not saved yet. */
export interface PendingRelated {
  messageId: number;
  follow: boolean;
  subject: string;
  number?: string;
}

/** A file chosen in the drop zone (react-admin FileInput's value). */
export interface PendingFile {
  rawFile: File;
  src?: string;
  title?: string;
}

export interface LetterFormValues {
  subject: string;
  messageBody: string;
  andikatorFk: number | null;
  selectedTo: number[];
  selectedCC: number[];
  /** Blind copies: as message/get gives them, all of them to the letter's writers (its
   *  author, holder, sender), only the viewer themselves to a blind recipient. */
  selectedBcc: number[];
  answerRequest: boolean;
  reciveMethodFk: number | null;
  importedMsgNumber: string;
  /** 'YYYY-MM-DD' (the Jalali picker's value). */
  importedMsgDate: string | null;
  messageFromCustomerFk: number | null;
  messageFromManFk: number | null;
  attachments: PendingFile[];
  related: PendingRelated[];
}

export type LetterField = keyof LetterFormValues;

/** What each letter type requires besides subject, scheme and body (spec 1 §5). */
export const REQUIRED_BY_TYPE: Record<number, LetterField[]> = {
  [INTERNAL]: ['selectedTo'],
  [INCOMING]: [
    'selectedTo',
    'importedMsgNumber',
    'importedMsgDate',
    'reciveMethodFk',
    'messageFromCustomerFk',
  ],
  [OUTGOING]: ['messageFromManFk', 'selectedTo'],
};

/** The required rule's second half, as the server judges it (hasVisibleText): a subject,
 *  number or body that shows nothing — only a ZWNJ, spaces, an empty paragraph — is
 *  empty, and the form says «الزامی است» before the server refuses the save. */
export function visibleTextRule(html: boolean) {
  return (value: unknown) => {
    if (typeof value !== 'string' || value === '') return undefined;
    return hasVisibleText(html ? htmlText(value) : value) ? undefined : 'ra.validation.required';
  };
}

export const requiredFields = (messageType: number): LetterField[] => [
  'subject',
  'andikatorFk',
  'messageBody',
  ...(REQUIRED_BY_TYPE[messageType] ?? []),
];

/** An instant from the server as the day it is in Tehran ('YYYY-MM-DD'). */
function tehranDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : toIsoDate(tehranWallClock(instant));
}

export function emptyValues(defaultScheme: number | null): LetterFormValues {
  return {
    subject: '',
    messageBody: '',
    andikatorFk: defaultScheme,
    selectedTo: [],
    selectedCC: [],
    selectedBcc: [],
    answerRequest: false,
    reciveMethodFk: null,
    importedMsgNumber: '',
    importedMsgDate: null,
    messageFromCustomerFk: null,
    messageFromManFk: null,
    attachments: [],
    related: [],
  };
}

export function valuesOf(record: LetterRecord): LetterFormValues {
  return {
    subject: record.subject ?? '',
    messageBody: record.messageBody ?? '',
    andikatorFk: record.andikatorFk ?? null,
    selectedTo: record.selectedTo,
    selectedCC: record.selectedCC,
    selectedBcc: record.selectedBcc,
    answerRequest: Boolean(record.answerRequest),
    reciveMethodFk: record.reciveMethodFk ?? null,
    importedMsgNumber: record.importedMsgNumber ?? '',
    importedMsgDate: tehranDay(record.importedMsgDate),
    messageFromCustomerFk: record.messageFromCustomerFk ?? null,
    messageFromManFk: record.messageFromManFk ?? null,
    attachments: [],
    related: [],
  };
}

/** Empty and absent are the same; ids compared as a set; files and links by identity. */
function normalised(values: Partial<LetterFormValues>) {
  const ids = (list: unknown) => (Array.isArray(list) ? list.map(Number).sort((a, b) => a - b) : []);
  const ref = (value: unknown) =>
    value === '' || value === undefined || value === null ? null : Number(value);
  return {
    subject: (values.subject ?? '').trim(),
    messageBody: comparableBody(values.messageBody ?? ''),
    andikatorFk: ref(values.andikatorFk),
    selectedTo: ids(values.selectedTo),
    selectedCC: ids(values.selectedCC),
    selectedBcc: ids(values.selectedBcc),
    answerRequest: Boolean(values.answerRequest),
    reciveMethodFk: ref(values.reciveMethodFk),
    importedMsgNumber: (values.importedMsgNumber ?? '').trim(),
    importedMsgDate: values.importedMsgDate || null,
    messageFromCustomerFk: ref(values.messageFromCustomerFk),
    messageFromManFk: ref(values.messageFromManFk),
    attachments: (values.attachments ?? []).length,
    related: (values.related ?? []).map((link) => `${link.messageId}:${link.follow}`),
  };
}

/** The "changed" state of spec 1 §4: any field, recipient, copy, attachment or related link. */
export function isChanged(loaded: LetterFormValues, current: Partial<LetterFormValues>): boolean {
  return JSON.stringify(normalised(loaded)) !== JSON.stringify(normalised(current));
}

/**
 * A body as the "changed" comparison sees it: '' when blank, else its canonical HTML. Every
 * key press in any field compares the whole form, and parsing a long letter (200 KB) took
 * 0.1 s each time: the last few bodies' results are kept — the loaded one, and the one
 * being typed, which changes only when the body does.
 */
function comparableBody(html: string): string {
  const known = comparedBodies.get(html);
  if (known !== undefined) return known;
  const comparable = isBlankHtml(html) ? '' : canonicalHtml(html);
  if (comparedBodies.size >= 4) comparedBodies.delete(comparedBodies.keys().next().value!);
  comparedBodies.set(html, comparable);
  return comparable;
}
const comparedBodies = new Map<string, string>();

/** HTML as a comparison sees it: the server stores `style="text-align:right"` where the
 *  editor writes `style="text-align: right;"` — the same paragraph, not a change. */
function canonicalHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('[style]')) {
    const rules = (element.getAttribute('style') ?? '')
      .split(';')
      .map((rule) =>
        rule
          .split(':')
          .map((part) => part.trim())
          .join(':'),
      )
      .filter(Boolean);
    element.setAttribute('style', rules.join(';'));
  }
  return body.innerHTML;
}

/** The text a body shows, its markup and entities read as the browser reads them. */
const htmlText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** The editor's empty document ('<p></p>', a paragraph of spaces) counts as no body. */
export function isBlankHtml(html: string | null | undefined): boolean {
  return !html || !hasVisibleText(htmlText(html));
}

/** message/save's fields for the form (files go separately). */
export function saveFields(
  values: LetterFormValues,
  letter: {
    messageId: number;
    messageType: number;
    projectFk?: number | null;
    /** The screen's key for its new letter (newClientKey): a save sent again finds it. */
    clientKey?: string;
    /** A saved draft's edit as loaded (message/get's editVersion). */
    editVersion?: number;
  },
  isSend: number,
  pageType: string,
): Record<string, unknown> {
  const type = letter.messageType;
  const date = values.importedMsgDate ? startOfTehranDay(values.importedMsgDate) : null;
  return {
    MessageId: letter.messageId,
    ClientKey: letter.messageId ? undefined : letter.clientKey,
    // A draft edited elsewhere since it was loaded is not overwritten by this older form.
    EditVersion: letter.messageId && letter.editVersion ? letter.editVersion : undefined,
    IsSend: isSend,
    PageType: pageType,
    MessageTypeFk: type,
    Subject: values.subject.trim(),
    MessageBody: values.messageBody,
    AndikatorFk: values.andikatorFk ?? 0,
    ProjectFk: letter.projectFk ?? 0,
    SelectedTo: values.selectedTo,
    SelectedCC: idsOrNone(values.selectedCC),
    // A compose copy kept from before the form had blind copies has none: left out, the
    // draft keeps its own.
    SelectedBcc: values.selectedBcc ? idsOrNone(values.selectedBcc) : undefined,
    AnswerRequest: type === INTERNAL ? values.answerRequest : undefined,
    ReciveMethodFk: type === INCOMING ? (values.reciveMethodFk ?? 0) : undefined,
    ImportedMsgNumber: type === INCOMING ? values.importedMsgNumber.trim() : undefined,
    ImportedMsgDate: type === INCOMING && date ? date.toISOString() : undefined,
    MessageFromCustomerFk: type === INCOMING ? (values.messageFromCustomerFk ?? 0) : undefined,
    MessageFromManFk: type === OUTGOING ? (values.messageFromManFk ?? 0) : undefined,
    RelatedMessages: values.related.length
      ? JSON.stringify(values.related.map((link) => ({ MessageId: link.messageId, Follow: link.follow })))
      : undefined,
  };
}

/** A list the user emptied, said as empty: a form field cannot hold an empty list, and a
 *  field left out keeps what the draft had (server/letters/save.ts). */
const idsOrNone = (ids: number[]) => (ids.length ? ids : '');

/** A saved related letter as the related tab lists it. */
export const relatedLabel = (link: Pick<RelatedLetter, 'follow'>) => (link.follow ? 'پیرو' : 'عطف');

/**
 * A key for one compose screen's new letter (or one reply), sent with each of its saves:
 * a save whose answer was lost, sent again, finds the letter the first one wrote instead
 * of writing a second (server/letters/client-key.ts). Random hex; `crypto.randomUUID` is
 * missing on a page served over plain http from another machine, `getRandomValues` is not.
 */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
