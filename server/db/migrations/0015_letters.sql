-- Letters (spec 1 §3, §4; server/letters/). Built for a tenant with a million letters:
-- every list is a range of one index, never a visibility filter over all letters.
--
-- messages            the letter itself (one row per letter; soft-deleted: numbers and
--                     the event history stay, the letter is gone for everyone)
-- message_boxes       one row per user who holds a letter, and how: author/holder of a
--                     draft, sender, recipient (to/cc/bcc/forward), or filed it. The
--                     cartables are ranges of its partial indexes; a user sees a letter
--                     when they hold a row of it (or have AllMessages).
-- message_box_counts  the dashboard's counts per user, kept by triggers on message_boxes
--                     in the same transaction as the change (no count(*) at read time)
-- message_recipients  the letter's address list (users), written on save, delivered on send
-- message_customers   customers a letter is addressed to (outgoing letters)
-- messages_search     the letter's search text under a trigram index (see masterdata/tables.ts
--                     for why the pattern is in its policy)
-- message_events, message_forwards, message_relations, message_attachments,
-- favorite_persons
-- People are stored as user ids (users are never deleted, persons may be); the API speaks
-- person ids (server/letters/people.ts).

CREATE TABLE messages (
  id                    serial,
  tenant_id             integer NOT NULL REFERENCES tenants (id),
  message_type_fk       smallint NOT NULL CHECK (message_type_fk IN (4, 5, 6)),
  subject               text NOT NULL,
  message_body          text NOT NULL DEFAULT '',
  -- The body's text, cut to what a list shows (a list page never parses HTML).
  body_excerpt          text NOT NULL DEFAULT '',
  andikator_fk          integer NOT NULL,
  project_fk            integer,
  recive_method_fk      integer,
  imported_msg_number   text NOT NULL DEFAULT '',
  imported_msg_date     timestamptz,
  from_customer_fk      integer,
  from_man_user_id      integer,
  export_customer_agent integer,
  answer_request        boolean NOT NULL DEFAULT false,
  author_id             integer NOT NULL,
  holder_id             integer,
  sender_id             integer,
  is_send               boolean NOT NULL DEFAULT false,
  sent_at               timestamptz,
  signed_by             integer,
  signed_at             timestamptz,
  number                integer,
  andikator_prefix      text NOT NULL DEFAULT '',
  message_from          text NOT NULL DEFAULT '',
  message_to            text NOT NULL DEFAULT '',
  message_cc            text NOT NULL DEFAULT '',
  attachment_count      integer NOT NULL DEFAULT 0,
  reply_to_id           integer,
  first_read_at         timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  deleted_at            timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id),
  FOREIGN KEY (tenant_id, andikator_fk) REFERENCES andikators (tenant_id, id),
  FOREIGN KEY (tenant_id, recive_method_fk) REFERENCES recive_methods (tenant_id, id),
  FOREIGN KEY (tenant_id, from_customer_fk) REFERENCES customers (tenant_id, id),
  FOREIGN KEY (tenant_id, author_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, holder_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, sender_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, signed_by) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, from_man_user_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, reply_to_id) REFERENCES messages (tenant_id, id)
);
-- A number is unique within its scheme (the scheme's row lock makes it gap-free too).
CREATE UNIQUE INDEX messages_number_key ON messages (tenant_id, andikator_fk, number) WHERE number IS NOT NULL;
-- The all-letters list and its filters: sent, not deleted, newest first.
CREATE INDEX messages_all_idx ON messages (tenant_id, id DESC) WHERE is_send AND deleted_at IS NULL;
CREATE INDEX messages_type_idx ON messages (tenant_id, message_type_fk, id DESC) WHERE is_send AND deleted_at IS NULL;
CREATE INDEX messages_project_idx ON messages (tenant_id, project_fk, id DESC)
  WHERE is_send AND deleted_at IS NULL AND project_fk IS NOT NULL;
CREATE INDEX messages_from_customer_idx ON messages (tenant_id, from_customer_fk, id DESC)
  WHERE from_customer_fk IS NOT NULL;
-- Delete guards of the master data (masterdata/catalogue.ts registerUsage) look these up.
CREATE INDEX messages_andikator_idx ON messages (tenant_id, andikator_fk);
CREATE INDEX messages_recive_method_idx ON messages (tenant_id, recive_method_fk) WHERE recive_method_fk IS NOT NULL;
CREATE INDEX messages_reply_idx ON messages (tenant_id, reply_to_id) WHERE reply_to_id IS NOT NULL;

CREATE SEQUENCE message_box_sort_seq AS bigint;

CREATE TABLE message_boxes (
  tenant_id      integer NOT NULL,
  user_id        integer NOT NULL,
  message_id     integer NOT NULL,
  -- Arrival order in the user's lists; a forward brings the letter to the top again.
  sort_key       bigint NOT NULL DEFAULT nextval('message_box_sort_seq'),
  message_type   smallint NOT NULL,
  from_user_id   integer,
  -- In the user's cartable: received as to (1), cc (2), bcc (3) or by a forward (4).
  inbox          boolean NOT NULL DEFAULT false,
  recipient_kind smallint CHECK (recipient_kind BETWEEN 1 AND 4),
  is_read        boolean NOT NULL DEFAULT false,
  first_read_at  timestamptz,
  answer_request boolean NOT NULL DEFAULT false,
  -- A draft the user holds (may edit, sign, send); a letter the user sent.
  drafting       boolean NOT NULL DEFAULT false,
  sent           boolean NOT NULL DEFAULT false,
  archive_fk     integer,
  favorite_fk    integer,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, message_id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, archive_fk) REFERENCES archives (tenant_id, id),
  FOREIGN KEY (tenant_id, favorite_fk) REFERENCES favorites (tenant_id, id)
);
-- Each list of a user is a range of one of these; the letter's id rides along (INCLUDE), so
-- a page deep down skips index entries only, never rows.
CREATE INDEX message_boxes_inbox_idx ON message_boxes (tenant_id, user_id, sort_key DESC) INCLUDE (message_id) WHERE inbox;
CREATE INDEX message_boxes_unread_idx ON message_boxes (tenant_id, user_id, sort_key DESC) INCLUDE (message_id)
  WHERE inbox AND NOT is_read;
CREATE INDEX message_boxes_answer_idx ON message_boxes (tenant_id, user_id, sort_key DESC) INCLUDE (message_id)
  WHERE inbox AND answer_request;
CREATE INDEX message_boxes_draft_idx ON message_boxes (tenant_id, user_id, sort_key DESC) INCLUDE (message_id) WHERE drafting;
CREATE INDEX message_boxes_sent_idx ON message_boxes (tenant_id, user_id, message_type, sort_key DESC) INCLUDE (message_id)
  WHERE sent;
CREATE INDEX message_boxes_archive_idx ON message_boxes (tenant_id, user_id, archive_fk, sort_key DESC) INCLUDE (message_id)
  WHERE archive_fk IS NOT NULL;
CREATE INDEX message_boxes_favorite_idx ON message_boxes (tenant_id, user_id, favorite_fk, sort_key DESC) INCLUDE (message_id)
  WHERE favorite_fk IS NOT NULL;
CREATE INDEX message_boxes_from_idx ON message_boxes (tenant_id, user_id, from_user_id, sort_key DESC) INCLUDE (message_id)
  WHERE inbox;
CREATE INDEX message_boxes_message_idx ON message_boxes (tenant_id, message_id);
-- Folder delete guards look these up.
CREATE INDEX message_boxes_archive_use_idx ON message_boxes (tenant_id, archive_fk) WHERE archive_fk IS NOT NULL;
CREATE INDEX message_boxes_favorite_use_idx ON message_boxes (tenant_id, favorite_fk) WHERE favorite_fk IS NOT NULL;

CREATE TABLE message_box_counts (
  tenant_id       integer NOT NULL,
  user_id         integer NOT NULL,
  unread          integer NOT NULL DEFAULT 0,
  drafts          integer NOT NULL DEFAULT 0,
  answer_requests integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);

-- The counts follow every change of message_boxes, one statement at a time: the rows a
-- statement inserted, updated or deleted are summed per user and added in user order (so
-- two transactions lock counters in the same order). No code path can forget them.
CREATE TYPE message_box_delta AS (tenant_id integer, user_id integer, unread integer, drafts integer, answers integer);

-- What one box row adds to its user's counts (sign -1: what it takes away).
CREATE FUNCTION message_box_delta_of(box message_boxes, sign integer) RETURNS message_box_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(box.tenant_id, box.user_id, sign * (box.inbox AND NOT box.is_read)::int,
             sign * box.drafting::int, sign * (box.inbox AND box.answer_request)::int)::message_box_delta
$$;

CREATE FUNCTION message_box_counts_add(deltas message_box_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO message_box_counts AS c (tenant_id, user_id, unread, drafts, answer_requests)
  SELECT d.tenant_id, d.user_id, sum(d.unread), sum(d.drafts), sum(d.answers)
    FROM unnest(deltas) AS d
   GROUP BY d.tenant_id, d.user_id
  HAVING sum(d.unread) <> 0 OR sum(d.drafts) <> 0 OR sum(d.answers) <> 0
   ORDER BY d.tenant_id, d.user_id
  ON CONFLICT (tenant_id, user_id) DO UPDATE
    SET unread = c.unread + EXCLUDED.unread,
        drafts = c.drafts + EXCLUDED.drafts,
        answer_requests = c.answer_requests + EXCLUDED.answer_requests
$$;

CREATE FUNCTION message_box_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas message_box_delta[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    deltas := deltas || ARRAY(SELECT message_box_delta_of(n, 1) FROM new_rows n);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    deltas := deltas || ARRAY(SELECT message_box_delta_of(o, -1) FROM old_rows o);
  END IF;
  PERFORM message_box_counts_add(deltas);
  RETURN NULL;
END $$;

CREATE TRIGGER message_box_counts_insert AFTER INSERT ON message_boxes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_box_counts_follow();
CREATE TRIGGER message_box_counts_update AFTER UPDATE ON message_boxes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION message_box_counts_follow();
CREATE TRIGGER message_box_counts_delete AFTER DELETE ON message_boxes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION message_box_counts_follow();

-- The address list: users by kind (1 to, 2 cc, 3 bcc), in the order they were chosen.
CREATE TABLE message_recipients (
  tenant_id  integer NOT NULL,
  message_id integer NOT NULL,
  user_id    integer NOT NULL,
  kind       smallint NOT NULL CHECK (kind BETWEEN 1 AND 3),
  position   smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, message_id, user_id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);

CREATE TABLE message_customers (
  tenant_id   integer NOT NULL,
  message_id  integer NOT NULL,
  customer_id integer NOT NULL,
  position    smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, message_id, customer_id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id)
);
-- toCustomerId: the letters to one customer, newest first.
CREATE INDEX message_customers_customer_idx ON message_customers (tenant_id, customer_id, message_id DESC);

CREATE TABLE messages_search (
  tenant_id   integer NOT NULL,
  id          integer NOT NULL,
  search_text text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, id) REFERENCES messages (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX messages_search_text_idx ON messages_search USING gin (search_text gin_trgm_ops);
-- As every resource's search table (masterdata/tables.ts): the pattern in the policy lets
-- the trigram index serve a phrase under row-level security.
CREATE POLICY search_pattern ON messages_search AS RESTRICTIVE FOR SELECT
  USING (search_text LIKE coalesce(nullif(current_setting('app.search_pattern', true), ''), '%'));

CREATE TABLE message_events (
  id          serial,
  tenant_id   integer NOT NULL,
  message_id  integer NOT NULL,
  event_type  smallint NOT NULL,
  user_id     integer NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX message_events_message_idx ON message_events (tenant_id, message_id, event_type);

CREATE TABLE message_forwards (
  id           serial,
  tenant_id    integer NOT NULL,
  message_id   integer NOT NULL,
  from_user_id integer NOT NULL,
  to_user_id   integer NOT NULL,
  mode         smallint NOT NULL,
  note         text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, from_user_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, to_user_id) REFERENCES users (tenant_id, id)
);
CREATE INDEX message_forwards_message_idx ON message_forwards (tenant_id, message_id);

-- Related letters: follow-up (follow) or referral.
CREATE TABLE message_relations (
  tenant_id   integer NOT NULL,
  message_id  integer NOT NULL,
  related_id  integer NOT NULL,
  follow      boolean NOT NULL,
  created_by  integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, message_id, related_id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, related_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
);

CREATE TABLE message_attachments (
  id          serial,
  tenant_id   integer NOT NULL,
  message_id  integer NOT NULL,
  file_name   text NOT NULL,
  stored_name text NOT NULL,
  size        integer NOT NULL,
  comment     text NOT NULL DEFAULT '',
  created_by  integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id),
  FOREIGN KEY (tenant_id, message_id) REFERENCES messages (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id)
);
CREATE INDEX message_attachments_message_idx ON message_attachments (tenant_id, message_id);

-- A user's favourite contacts (the dashboard's panel), as users.
CREATE TABLE favorite_persons (
  tenant_id      integer NOT NULL,
  user_id        integer NOT NULL,
  person_user_id integer NOT NULL,
  position       smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, user_id, person_user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id),
  FOREIGN KEY (tenant_id, person_user_id) REFERENCES users (tenant_id, id)
);

SELECT dabir_fence(t) FROM unnest(ARRAY['messages', 'message_boxes', 'message_box_counts',
  'message_recipients', 'message_customers', 'messages_search', 'message_events', 'message_forwards',
  'message_relations', 'message_attachments', 'favorite_persons']) AS t;
