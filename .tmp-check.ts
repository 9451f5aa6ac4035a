import { sql } from 'kysely';
import { loadConfig } from './server/config';
import { openDatabase } from './server/db/database';
import { asSystem } from './server/db/tenant-fence';
import { letterSearchText } from './server/letters/search';
const config = loadConfig({ DATA_DIR: process.env.DATA_DIR!, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
const d = await openDatabase(config);
await asSystem(async () => {
  const db = d.db as any;
  const bad = await sql`SELECT c.user_id, c.unread, c.drafts, c.answer_requests, x.unread AS u2, x.drafts AS d2, x.answers AS a2
    FROM message_box_counts c FULL JOIN (SELECT tenant_id, user_id, count(*) FILTER (WHERE inbox AND NOT is_read) unread, count(*) FILTER (WHERE drafting) drafts, count(*) FILTER (WHERE inbox AND answer_request) answers FROM message_boxes GROUP BY 1,2) x
    ON x.tenant_id = c.tenant_id AND x.user_id = c.user_id
    WHERE coalesce(c.unread,0) <> coalesce(x.unread,0) OR coalesce(c.drafts,0) <> coalesce(x.drafts,0) OR coalesce(c.answer_requests,0) <> coalesce(x.answers,0)`.execute(db);
  console.log('counter mismatches', bad.rows.length, bad.rows.slice(0, 3));
  const sample = await sql`SELECT m.*, s.search_text FROM messages m JOIN messages_search s ON s.tenant_id = m.tenant_id AND s.id = m.id ORDER BY m.id DESC LIMIT 2000`.execute(db);
  let diff = 0;
  for (const row of sample.rows as any[]) { if (letterSearchText(row) !== row.search_text) { if (diff < 2) console.log(JSON.stringify([letterSearchText(row), row.search_text])); diff++; } }
  console.log('search text differences', diff, 'of', sample.rows.length);
  const stats = await sql`SELECT (SELECT count(*) FROM messages) m, (SELECT count(*) FROM message_boxes) b, (SELECT count(*) FROM message_events) e, (SELECT count(*) FROM message_recipients) r, (SELECT count(*) FROM message_boxes WHERE user_id = (SELECT id FROM users WHERE username='09120000000' AND tenant_id=2) AND inbox) admin_inbox`.execute(db);
  console.log(stats.rows);
});
await d.close();
