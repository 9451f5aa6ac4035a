-- The dashboard's favourite contacts' letters (PageType FavoritePerson) are a user's
-- cartable letters whose box names a favourite in from_user_id, and a forward wrote the
-- forwarder there (and a send, whoever pressed it): a letter from a favourite contact
-- passed on by someone else was not listed, one passed on by a favourite was listed under
-- its own sender, whom the panel names, and an outgoing letter was listed by who
-- registered it, not by its «فرستنده». from_user_id is now the colleague the letter is
-- from as its sender column names them, whoever brought it (boxes.ts fromColleague): an
-- internal letter's sender, an outgoing letter's from_man_user_id, none for an incoming
-- letter (a customer's). This puts that in the boxes written before.
SELECT set_config('app.all_tenants', 'on', true);

UPDATE message_boxes b
   SET from_user_id = CASE m.message_type_fk WHEN 6 THEN m.from_man_user_id WHEN 5 THEN NULL ELSE m.sender_id END
  FROM messages m
 WHERE m.tenant_id = b.tenant_id AND m.id = b.message_id
   AND b.inbox AND m.is_send
   AND b.from_user_id IS DISTINCT FROM
       (CASE m.message_type_fk WHEN 6 THEN m.from_man_user_id WHEN 5 THEN NULL ELSE m.sender_id END);
