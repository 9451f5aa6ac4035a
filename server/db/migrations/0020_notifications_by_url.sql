-- A letter's notices found by their link: opening a letter reads the user's notices that
-- link to it, and deleting one deletes its notices (server/letters/send.ts letterNoticeUrls).
-- Without this they were found among the user's unread notices, or all of them for a
-- delete: 97 and 104 ms as the ordinary role for a user with a million notices, 100,000
-- unread (docs/benchmarks.md).
CREATE INDEX IF NOT EXISTS notifications_url_idx ON notifications (tenant_id, url);
