-- A new letter (and a reply's draft) may carry the key its compose screen made once
-- (ClientKey): a save whose answer was lost on the way, sent again, finds the letter the
-- first one wrote instead of writing a second letter with a second registry number
-- (server/letters/client-key.ts). Unique per author; letters without a key are not indexed.
ALTER TABLE messages ADD COLUMN IF NOT EXISTS client_key text;
CREATE UNIQUE INDEX IF NOT EXISTS messages_client_key_idx
  ON messages (tenant_id, author_id, client_key) WHERE client_key IS NOT NULL;
