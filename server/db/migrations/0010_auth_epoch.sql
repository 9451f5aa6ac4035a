-- A tenant's sign-in epoch: raised in the same transaction as anything that makes a
-- signed-in principal untrue (a session revoked, a person's roles changed). A server
-- process that keeps principals for a few seconds (auth/principal-cache.ts) compares it
-- on every call, so a change made through one process holds in every other on the very
-- next call, whatever became of the event bus's message.
ALTER TABLE tenants ADD COLUMN IF NOT EXISTS auth_epoch bigint NOT NULL DEFAULT 0;
