// The three letter types (spec 1 §1, §6, §9): their numbers, Persian names, badge colours,
// the permission that lets a user create one, and the sent-letters screen of each.
// Shared by the home shortcuts and the letters screens (a small module: the dashboard
// chunk imports it without the letters screens).
import { usePermissions } from '../../auth';
import { pathTo } from '../../routes';
import { LETTER_PERMISSIONS } from '../../shared/permissions';

export const INTERNAL = 4;
export const INCOMING = 5;
export const OUTGOING = 6;
export type LetterType = typeof INTERNAL | typeof INCOMING | typeof OUTGOING;

export interface LetterTypeInfo {
  messageType: LetterType;
  label: string;
  permission: 'CreateInternalMessage' | 'CreateImportMessage' | 'CreateExportMessage';
  sentRoute: string;
  /** Badge colour of the list's type column: blue internal, pink incoming, teal others. */
  color: string;
}

export const LETTER_TYPES: LetterTypeInfo[] = [
  {
    messageType: INTERNAL,
    label: 'داخلی',
    permission: 'CreateInternalMessage',
    sentRoute: 'DomesticLetters',
    color: '#1565C0',
  },
  {
    messageType: INCOMING,
    label: 'وارده',
    permission: 'CreateImportMessage',
    sentRoute: 'IncomingLetters',
    color: '#AD1457',
  },
  {
    messageType: OUTGOING,
    label: 'صادره',
    permission: 'CreateExportMessage',
    sentRoute: 'LettersIssued',
    color: '#00796B',
  },
];

export const letterTypeInfo = (messageType: number): LetterTypeInfo | undefined =>
  LETTER_TYPES.find((type) => type.messageType === messageType);

/** The badge colour of a type; any type other than internal and incoming is teal. */
export const letterTypeColor = (messageType: number): string =>
  letterTypeInfo(messageType)?.color ?? LETTER_TYPES[2].color;

/** Where a letter opens: `/letter/{create}/{pagetype}/{messagetype}/{id}`. */
export function letterPath(pageType: string, messageType: number, id: number, create = false): string {
  return (
    pathTo('Letter', { create: String(create), pagetype: pageType, messagetype: messageType, id }) ?? '/'
  );
}

export interface NewLetterLink {
  label: string;
  to: string;
}

/** Whether the user uses letters at all (every letters call asks for one of these). */
export const mayUseLetters = (permissions: readonly string[]) =>
  LETTER_PERMISSIONS.some((permission) => permissions.includes(permission));

/** The new-letter menu: internal, incoming, outgoing, each only with its permission — and
 *  only for a user of letters, without whom the server refuses every letter. */
export function newLetterLinks(permissions: readonly string[]): NewLetterLink[] {
  if (!mayUseLetters(permissions)) return [];
  return LETTER_TYPES.filter((type) => permissions.includes(type.permission)).map((type) => ({
    label: type.label,
    to: letterPath('AllMyMessage', type.messageType, 0, true),
  }));
}

export const useNewLetterLinks = () => newLetterLinks(usePermissions());
