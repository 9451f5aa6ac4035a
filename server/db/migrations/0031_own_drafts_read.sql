-- A draft's row now says whether its holder has seen it as it is (letters/boxes.ts
-- holdDraft): their own new draft is read, one passed to them unread until opened — a draft
-- passed back to its author too, which the lists showed read because the author wrote it.
-- The rows written before: an author's draft never passed on (no forward of mode 2) is
-- their own work, read. One passed back stays unread until the author opens it.
SELECT set_config('app.all_tenants', 'on', true);

UPDATE message_boxes b
   SET is_read = true
  FROM messages m
 WHERE b.drafting AND NOT b.is_read
   AND m.tenant_id = b.tenant_id AND m.id = b.message_id
   AND m.author_id = b.user_id AND NOT m.is_send
   AND NOT EXISTS (SELECT 1 FROM message_forwards f
                    WHERE f.tenant_id = m.tenant_id AND f.message_id = m.id AND f.mode = 2);
