// The Kysely view of the letters' tables (db/migrations/0015_letters.sql) and of the few
// master-data columns the letters read. Column names are the SQL names.
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MessagesTable {
  id: Generated<number>;
  tenant_id: number;
  message_type_fk: number;
  subject: string;
  message_body: string;
  body_excerpt: string;
  andikator_fk: number;
  project_fk: number | null;
  recive_method_fk: number | null;
  imported_msg_number: string;
  imported_msg_date: NullableTimestamp;
  from_customer_fk: number | null;
  from_man_user_id: number | null;
  export_customer_agent: number | null;
  answer_request: boolean;
  author_id: number;
  holder_id: number | null;
  sender_id: number | null;
  is_send: Generated<boolean>;
  sent_at: NullableTimestamp;
  signed_by: number | null;
  signed_at: NullableTimestamp;
  /** The signature picture's copy taken at signing (print.ts keepSignature); '' signed
   *  without a picture, null signed before copies were kept. */
  signed_pic: ColumnType<string | null, string | null | undefined, string | null>;
  number: number | null;
  andikator_prefix: Generated<string>;
  message_from: Generated<string>;
  message_to: Generated<string>;
  message_cc: Generated<string>;
  attachment_count: Generated<number>;
  reply_to_id: number | null;
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  first_read_at: NullableTimestamp;
  first_reader_id: number | null;
  more_readers: Generated<boolean>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface MessageBoxesTable {
  tenant_id: number;
  user_id: number;
  message_id: number;
  sort_key: Generated<string>;
  message_type: number;
  from_user_id: number | null;
  inbox: Generated<boolean>;
  recipient_kind: number | null;
  is_read: Generated<boolean>;
  first_read_at: NullableTimestamp;
  answer_request: Generated<boolean>;
  drafting: Generated<boolean>;
  sent: Generated<boolean>;
  archive_fk: number | null;
  favorite_fk: number | null;
  created_at: Timestamp;
}

export interface MessageBoxCountsTable {
  tenant_id: number;
  user_id: number;
  unread: number;
  drafts: number;
  answer_requests: number;
}

export interface MessageRecipientsTable {
  tenant_id: number;
  message_id: number;
  user_id: number;
  kind: number;
  position: number;
}

export interface MessageCustomersTable {
  tenant_id: number;
  message_id: number;
  customer_id: number;
  position: number;
}

export interface MessagesSearchTable {
  tenant_id: number;
  id: number;
  search_text: string;
}

export interface MessageEventsTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number;
  event_type: number;
  user_id: number;
  description: Generated<string>;
  created_at: Timestamp;
}

export interface MessageForwardsTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number;
  from_user_id: number;
  to_user_id: number;
  mode: number;
  note: string;
  /** The forward dialog's key (client-key.ts): a forward sent again finds this one. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface MessageRelationsTable {
  tenant_id: number;
  message_id: number;
  related_id: number;
  follow: boolean;
  created_by: number;
  created_at: Timestamp;
}

export interface MessageAttachmentsTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number;
  file_name: string;
  stored_name: string;
  size: number;
  comment: string;
  created_by: number;
  created_at: Timestamp;
}

export interface FavoritePersonsTable {
  tenant_id: number;
  user_id: number;
  person_user_id: number;
  position: number;
}

// Master data the letters read (persons, andikators, customers, folders, templates) are
// in Database already, typed from their schemas (src/schemas/resource-types.ts).
export interface LettersDatabase extends Database {
  messages: MessagesTable;
  message_boxes: MessageBoxesTable;
  message_box_counts: MessageBoxCountsTable;
  message_recipients: MessageRecipientsTable;
  message_customers: MessageCustomersTable;
  messages_search: MessagesSearchTable;
  message_events: MessageEventsTable;
  message_forwards: MessageForwardsTable;
  message_relations: MessageRelationsTable;
  message_attachments: MessageAttachmentsTable;
  favorite_persons: FavoritePersonsTable;
}

export type LettersDb = Kysely<LettersDatabase>;
export type LettersTrx = Transaction<LettersDatabase>;
