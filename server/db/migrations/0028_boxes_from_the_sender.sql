-- The dashboard's favourite contacts' letters (PageType FavoritePerson) are a user's
-- cartable letters whose box names a favourite in from_user_id, and a forward wrote the
-- forwarder there: a letter from a favourite contact passed on by someone else was not
-- listed, and one passed on by a favourite was listed under its own sender, whom the
-- panel names. from_user_id is now the letter's sender whoever brought it (forward.ts);
-- this puts the letter's sender in the boxes written before.
SELECT set_config('app.all_tenants', 'on', true);

UPDATE message_boxes b
   SET from_user_id = m.sender_id
  FROM messages m
 WHERE m.tenant_id = b.tenant_id AND m.id = b.message_id
   AND b.inbox AND m.sender_id IS NOT NULL
   AND b.from_user_id IS DISTINCT FROM m.sender_id;
