-- A forward (message/forward/ IsSend 1) or a draft passed on (IsSend 2) may carry the key
-- its dialog made once (ClientKey), as a new letter and a reply do (0021): sent again after
-- the first answer was lost on the way, it finds the forward the first one wrote instead of
-- delivering the letter a second time, with a second notice and history row
-- (server/letters/client-key.ts). Each row of the forward carries it (one per recipient),
-- so it is looked up per forwarder, not unique; forwards without a key are not indexed.
ALTER TABLE message_forwards ADD COLUMN IF NOT EXISTS client_key text;
CREATE INDEX IF NOT EXISTS message_forwards_client_key_idx
  ON message_forwards (tenant_id, from_user_id, client_key) WHERE client_key IS NOT NULL;
