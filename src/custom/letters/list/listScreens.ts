// The eight letter lists of spec 1 §2 "Letter list screens": which list of message/list
// each one shows and what it adds. One generic screen (LetterList) draws them all.
import type { PageType } from '../api';
import { INCOMING, INTERNAL, OUTGOING } from '../letterTypes';
import type { CustomerFilter } from './listUrl';

export interface LetterListConfig {
  /** The route name in src/routes.ts (title, path). */
  route: string;
  pageType: PageType;
  messageType?: number;
  /** Sent pages and all letters show the recipients column. */
  showRecipients: boolean;
  /** The folder comes from the route's :typeNumber (archive, favourites). */
  folder?: boolean;
  /** The customer filters offered (and read from the URL). */
  customerFilters: CustomerFilter[];
  /** All letters reads projectId from the URL. */
  projectFilter?: boolean;
}

export const LETTER_LISTS: Record<string, LetterListConfig> = {
  MyMessage: { route: 'MyMessage', pageType: 'AllMyMessage', showRecipients: false, customerFilters: [] },
  UnReadMessage: {
    route: 'UnReadMessage',
    pageType: 'UnReadMessage',
    showRecipients: false,
    customerFilters: [],
  },
  AnswerRequest: {
    route: 'AnswerRequest',
    pageType: 'AnswerRequest',
    showRecipients: false,
    customerFilters: [],
  },
  DomesticLetters: {
    route: 'DomesticLetters',
    pageType: 'Send',
    messageType: INTERNAL,
    showRecipients: true,
    customerFilters: [],
  },
  IncomingLetters: {
    route: 'IncomingLetters',
    pageType: 'Send',
    messageType: INCOMING,
    showRecipients: true,
    customerFilters: ['fromCustomerId'],
  },
  LettersIssued: {
    route: 'LettersIssued',
    pageType: 'Send',
    messageType: OUTGOING,
    showRecipients: true,
    customerFilters: ['toCustomerId'],
  },
  AllMessage: {
    route: 'AllMessage',
    pageType: 'AllMessage',
    showRecipients: true,
    customerFilters: ['toCustomerId', 'fromCustomerId'],
    projectFilter: true,
  },
  ArchiveMessage: {
    route: 'ArchiveMessage',
    pageType: 'Archive',
    showRecipients: false,
    folder: true,
    customerFilters: [],
  },
  FavoriteMessage: {
    route: 'FavoriteMessage',
    pageType: 'Favorite',
    showRecipients: false,
    folder: true,
    customerFilters: [],
  },
  DraftMessage: { route: 'DraftMessage', pageType: 'Draft', showRecipients: false, customerFilters: [] },
};
