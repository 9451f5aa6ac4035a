-- A letter's screen lists the letters that name it as related (a follow-up written later):
-- found by the letter they name, as its own links are by the primary key.
CREATE INDEX IF NOT EXISTS message_relations_related_idx ON message_relations (tenant_id, related_id);
