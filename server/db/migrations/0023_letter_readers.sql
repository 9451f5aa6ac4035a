-- Who has read a letter (spec 1 §4: it is deleted only while no other user has an event of
-- type 8 of it): the first reader and whether anyone else has read it too, kept on the
-- letter with each first reading (server/letters/detail.ts markRead), so a list tells
-- whether its author may delete a letter without reading its events, and the list and the
-- delete judge by the same two columns (server/letters/readers.ts).
ALTER TABLE messages ADD COLUMN IF NOT EXISTS first_reader_id integer;
ALTER TABLE messages ADD COLUMN IF NOT EXISTS more_readers boolean NOT NULL DEFAULT false;

SELECT set_config('app.all_tenants', 'on', true);

UPDATE messages m
   SET first_reader_id = r.first_reader, more_readers = r.readers > 1
  FROM (SELECT tenant_id, message_id, min(user_id) AS first_reader, count(DISTINCT user_id) AS readers
          FROM message_events
         WHERE event_type = 8
         GROUP BY tenant_id, message_id) r
 WHERE m.tenant_id = r.tenant_id AND m.id = r.message_id AND m.first_reader_id IS NULL;
