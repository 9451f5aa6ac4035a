-- A sent letter's first_read_at is «read» in the lists outside a user's cartable (sent
-- letters, all letters): it was set by any recipient's first reading, a blind copy's too,
-- so a reader of all letters saw a letter read that no visible recipient had opened — a
-- hidden recipient, and their reading. A blind copy's reading no longer sets it
-- (letters/detail.ts markBoxRead); this takes it back from the letters read before only
-- by blind copies, or first by one (recipient_kind 3 is BCC).
SELECT set_config('app.all_tenants', 'on', true);

UPDATE messages m
   SET first_read_at = (SELECT min(b.first_read_at) FROM message_boxes b
                         WHERE b.tenant_id = m.tenant_id AND b.message_id = m.id AND b.inbox
                           AND b.first_read_at IS NOT NULL AND b.recipient_kind IS DISTINCT FROM 3)
 WHERE m.first_read_at IS NOT NULL AND m.is_send
   AND EXISTS (SELECT 1 FROM message_boxes b
                WHERE b.tenant_id = m.tenant_id AND b.message_id = m.id AND b.inbox
                  AND b.recipient_kind = 3 AND b.first_read_at IS NOT NULL);
