-- The signature a letter prints is the one it was signed with: signing copies the signer's
-- picture (a later upload replaces the user's file, and deletes the old one) and names the
-- copy here (server/letters/print.ts keepSignature). '' — signed without a picture; NULL —
-- signed before this column, printed with the signer's current picture as before.
ALTER TABLE messages ADD COLUMN IF NOT EXISTS signed_pic text;
