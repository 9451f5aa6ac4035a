// The letters' server calls (spec 1 §7 "Letters"; the server's shapes in docs/api.md
// "Letters") and the shapes the screens read. People are person ids (person/lookup), an
// outgoing letter's recipients are customer ids.
import { answerMessage, http, type ApiAnswer } from '../../api/http';
import { uploadWithProgress, type Progress } from '../../api/uploadWithProgress';
import { NOTIFICATIONS_CHANGED } from '../../layout/notifications/notifications-events';

export type PageType =
  | 'AllMyMessage'
  | 'UnReadMessage'
  | 'AnswerRequest'
  | 'Send'
  | 'AllMessage'
  | 'Archive'
  | 'Favorite'
  | 'Draft'
  | 'FavoritePerson';

/** One row of a letter list. */
export interface LetterRow {
  messageId: number;
  messageTypeFk: number;
  messageTypeString: string;
  isReaded: boolean;
  isSend: boolean;
  signed?: boolean;
  answerRequest?: boolean;
  subject: string;
  messageFrom: string;
  messageTo: string;
  messageBody?: string;
  displayMessageNumber: string;
  hasMessageAttachment?: boolean;
  createdDate: string;
  sentDate?: string | null;
  createdUserPic?: string;
  /** The viewer wrote it / holds the draft: only they may delete it (the server's rule). */
  isAuthor?: boolean;
  isHolder?: boolean;
  /** …and may delete it now: no other user has read it (spec 1 §4). */
  deletable?: boolean;
}

export interface LetterListQuery {
  pageType: PageType;
  page: number;
  count: number;
  phrase?: string;
  messageType?: number;
  typeNumber?: number;
  projectId?: number;
  toCustomerId?: number;
  fromCustomerId?: number;
}

export interface LetterPage {
  records: LetterRow[];
  totalCount: number;
  /** The server stopped counting at totalCount; there are more. */
  countCapped: boolean;
  /** Why the server refused the page (a phrase too short to search the whole list). */
  problem?: string;
}

type ListAnswer = ApiAnswer & { records?: LetterRow[]; totalCount?: number; countCapped?: boolean };

/** A page of a list; a refused or failed load is an empty list (spec 1 §8), saying why. */
export async function fetchLetters(query: LetterListQuery): Promise<LetterPage> {
  const answer = await http.get<ListAnswer>('message/list/', {
    PageType: query.pageType,
    Page: query.page,
    Count: query.count,
    Phrase: query.phrase ?? '',
    MessageType: query.messageType ?? 0,
    TypeNumber: query.typeNumber,
    projectId: query.projectId,
    toCustomerId: query.toCustomerId,
    fromCustomerId: query.fromCustomerId,
  });
  if (answer.status !== 1)
    return { records: [], totalCount: 0, countCapped: false, problem: answerMessage(answer) || undefined };
  return {
    records: answer.records ?? [],
    totalCount: Number(answer.totalCount ?? 0),
    countCapped: answer.countCapped === true,
  };
}

export type FolderPage = Extract<PageType, 'Archive' | 'Favorite'>;
export const isFolderPage = (pageType: string): pageType is FolderPage =>
  pageType === 'Archive' || pageType === 'Favorite';

/** Deletes a letter (the author's, while no one else has read it), from the page it was
 *  opened on. A folder's page type is not sent: with it the same call only takes the letter
 *  out of that folder (takeOutOfFolder). */
export const deleteLetter = (id: number, pageType: string) =>
  http.delete('message/delete/', {
    Id: id,
    PageType: isFolderPage(pageType) ? undefined : pageType,
    IsSend: 0,
  });

/** Takes the letter out of the user's folder (0: whichever folder of that kind holds it). */
export const takeOutOfFolder = (id: number, page: FolderPage, folder = 0) =>
  http.delete('message/delete/', { Id: id, PageType: page, TypeNumber: folder, IsSend: 0 });

// ------------------------------------------------------------------ one letter

/** The letter as message/get answers it (`record`). */
export interface LetterRecord {
  messageId: number;
  messageTypeFk: number;
  messageTypeString?: string;
  subject: string;
  messageBody: string;
  andikatorFk: number | null;
  /** The viewer's own filing of the letter (null: in none), and the folder's full path. */
  archiveFk?: number | null;
  archiveTitle?: string;
  favoriteFk?: number | null;
  favoriteTitle?: string;
  andikatorTitle?: string;
  andikatorPrefix?: string;
  number?: number | null;
  displayMessageNumber?: string;
  projectFk?: number | null;
  projectTitle?: string;
  reciveMethodFk?: number | null;
  reciveMethodTitle?: string;
  importedMsgNumber?: string | null;
  importedMsgDate?: string | null;
  messageFromManFk?: number | null;
  messageFromCustomerFk?: number | null;
  messageFromUserId?: number | null;
  /** Who a reply goes to: the colleague who sent it (who registered an incoming letter). */
  messageFromUserFullName?: string;
  exportCustomerAgent?: number | null;
  answerRequest?: boolean;
  needsMyAnswer?: boolean;
  isSend: boolean;
  signed: boolean;
  signedByFullName?: string;
  createdDate?: string;
  sentDate?: string | null;
  messageFrom?: string;
  messageTo?: string;
  messageCc?: string;
  messageAttachmentCount?: number;
  hasMessageAttachment?: boolean;
  firstTimeRead?: string | null;
  isReaded?: boolean;
  createdUserPic?: string;
  createdUserFullName?: string;
  /** The user wrote it. */
  isAuthor?: boolean;
  /** A draft the user holds: they may edit, sign and send it. */
  isHolder?: boolean;
  /** The draft's last edit as loaded: sent back with a save, which is refused if another came after. */
  editVersion?: number;
  selectedTo: number[];
  selectedCC: number[];
  selectedBcc: number[];
}

export interface LetterAttachment {
  msg: {
    messageAttachmentId: number;
    fileName: string;
    fileComment?: string;
    createdDate?: string;
    /** Bytes. */
    fileSize?: number;
  };
  fullName: string;
}

export interface RelatedLetter {
  messageId: number;
  /** Its type (4, 5, 6), for its address. */
  messageTypeFk?: number;
  number?: string | number | null;
  subject: string;
  createdDate: string;
  /** When it was sent (null for a draft): the day the lists and the print give it. */
  sentDate?: string | null;
  createdUser?: string;
  follow: boolean;
  description?: string;
}

export interface LetterForward {
  forwardMessage?: string;
  createdDate: string;
  creatorUserId?: number;
  creatorUserFullName: string;
  receivedUserId?: number;
  receivedUserFullName: string;
  description?: string;
}

export interface LetterEvent {
  createdDate: string;
  eventType: string;
  eventTypeFk: number;
  description?: string;
  creatorUserId: number;
  creatorUserFullName: string;
}

export interface LetterDetail {
  record: LetterRecord;
  attachment: LetterAttachment[];
  relatedMessage: RelatedLetter[];
  /** The letters that name this one as related (a follow-up written later), that the user may see. */
  relatedToThis: RelatedLetter[];
  allForwardedMessage: LetterForward[];
  messageEvent: LetterEvent[];
}

type DetailAnswer = ApiAnswer & Partial<LetterDetail>;

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** message/get: the letter (opening it marks it read), or the server's refusal. */
export async function fetchLetter(id: number, pageType: string): Promise<LetterDetail | string> {
  const answer = await http.get<DetailAnswer>('message/get/', { Id: id, PageType: pageType });
  if (answer.status !== 1 || !answer.record) return answer.message ?? 'نامه یافت نشد';
  const record = answer.record;
  // Any opening may have read its notices (isReaded says the viewer read it once, not that
  // nothing was unread: forwarded to them again, a draft passed back): the bell counts again
  // (one refetch, shared with the server's push of the same change).
  window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED));
  return {
    record: {
      ...record,
      selectedTo: ids(record.selectedTo),
      selectedCC: ids(record.selectedCC),
      selectedBcc: ids(record.selectedBcc),
    },
    attachment: answer.attachment ?? [],
    relatedMessage: answer.relatedMessage ?? [],
    relatedToThis: answer.relatedToThis ?? [],
    allForwardedMessage: answer.allForwardedMessage ?? [],
    messageEvent: answer.messageEvent ?? [],
  };
}

/** IsSend of message/save (spec 1 §9). */
export const SAVE_MODE = { draft: 0, send: 1, number: 6 } as const;
export type SaveMode = (typeof SAVE_MODE)[keyof typeof SAVE_MODE];

/** IsSend of message/forward: forward, forward a draft, reply (spec 1 §4, §9). */
export const FORWARD_MODE = { forward: 1, forwardDraft: 2, reply: 7 } as const;
export type ForwardMode = (typeof FORWARD_MODE)[keyof typeof FORWARD_MODE];

export interface RelatedLink {
  messageId: number;
  /** true = follow-up (پیرو), false = referral (عطف). */
  follow: boolean;
}

export type SaveAnswer = ApiAnswer & { id?: number };

/** message/save (multipart): the form's fields, new attachments and related links. Upload
 *  progress is reported because attachments may be large, and `signal` stops it. */
export function saveLetter(
  fields: Record<string, unknown>,
  files: File[],
  onProgress: Progress,
  signal?: AbortSignal,
) {
  return uploadWithProgress<SaveAnswer>(
    'message/save/',
    { ...fields, Attachments: files },
    'POST',
    onProgress,
    'multipart',
    signal,
  );
}

export function forwardLetter(fields: Record<string, unknown>, files: File[]) {
  return http.multipart<SaveAnswer>('message/forward/', { ...fields, Attachments: files });
}

/** Signs the draft as the screen loaded it: edited since elsewhere, it is refused. */
export const signLetter = (id: number, editVersion?: number) =>
  http.post('message/sign/', { id, EditVersion: editVersion });
export const removeSignature = (id: number) => http.post('message/removesign/', { id });
export const archiveLetter = (messageId: number, archiveId: number, pageType: string) =>
  http.put('message/setarchive/', { MessageId: messageId, ArchiveId: archiveId, PageType: pageType });
export const favoriteLetter = (messageId: number, favoriteId: number, pageType: string) =>
  http.put('message/setfavorite/', { MessageId: messageId, FavoriteId: favoriteId, PageType: pageType });

/** The call that sends an attachment, without the session (a signed link is asked for). */
export const attachmentUrl = (attachmentId: number) =>
  `/api/message/download?${new URLSearchParams({ AttachmentId: String(attachmentId) }).toString()}`;

/** The call that prints a letter into a template. */
export const printUrl = (templateId: number, id: number) =>
  `/api/message/docx?${new URLSearchParams({ templateId: String(templateId), id: String(id) }).toString()}`;

// ------------------------------------------------------------------ favourite contacts

export interface FavoritePerson {
  id: number;
  firstName: string;
  lastName: string;
  /** False: switched off since it was chosen (kept among the chosen, marked so). */
  isActive?: boolean;
}

/** The chosen contacts; a refusal throws (read as "none", a save would have erased them). */
export async function fetchFavoritePersons(): Promise<FavoritePerson[]> {
  const answer = await http.get<ApiAnswer & { records?: FavoritePerson[] }>('person/getfavoritepersons/');
  if (answer.status !== 1) throw new Error(answer.message || FAVORITES_UNREAD);
  return answer.records ?? [];
}

export const FAVORITES_UNREAD = 'فهرست مخاطبان منتخب خوانده نشد؛ دوباره تلاش کنید.';

export const saveFavoritePersons = (persons: number[]) =>
  http.post('person/savefavoritepersons/', { Persons: persons });
