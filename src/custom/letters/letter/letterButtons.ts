// Which actions of the letter screen are open (spec 1 §4), from the letter's state alone,
// so the rule lives in one place and is tested as a table (tests/unit/letter-buttons.test.ts).
//
// - A new letter is editable; it can be sent at once or saved as a draft.
// - A draft, unsigned: edited, saved, numbered (only without a number), signed, forwarded
//   as a draft. A draft, signed: sent; the signature removed; not edited.
// - A sent letter is read-only: reply, forward, archive, favourite. A reply goes to the
//   user who sent it (mode 3), so its sender has nobody to reply to.
// - Changed (any field, recipient, copy, attachment or related link differs from the loaded
//   letter): send is closed on a saved letter, save draft is open only when changed, and
//   number, sign, remove signature and forward draft are closed.
// - Delete: a saved letter no other user has read (no event of type 8 by someone else),
//   by its author or a draft's holder (the server refuses anyone else: a recipient may not
//   delete a letter from its sender's records).
// Drafts are changed only by their holder (the server's isHolder: a user with AllMessages
// may look at a colleague's draft but not act on it).

export interface LetterState {
  /** messageId > 0. */
  saved: boolean;
  /** isSend: sent, not a draft. */
  sent: boolean;
  signed: boolean;
  /** Has a registry number already. */
  numbered: boolean;
  /** May change it: a new letter, or a draft the user holds. */
  holder: boolean;
  /** Differs from the loaded letter. */
  changed: boolean;
  /** Another user has read it (event type 8). */
  readByOthers: boolean;
  /** Wrote it (the server's isAuthor). */
  author: boolean;
  /** Sent it (the record's messageFromUserId is the user's own). */
  sender: boolean;
  /** May write an internal letter (CreateInternalMessage): a reply is one. */
  mayWriteInternal?: boolean;
}

export interface LetterButtons {
  /** The compose tab's fields, attachments and related links may be changed. */
  editable: boolean;
  send: boolean;
  number: boolean;
  saveDraft: boolean;
  sign: boolean;
  removeSignature: boolean;
  forwardDraft: boolean;
  reply: boolean;
  forward: boolean;
  archive: boolean;
  favorite: boolean;
  print: boolean;
  delete: boolean;
}

export function letterButtons(state: LetterState): LetterButtons {
  const { saved, sent, signed, numbered, holder, changed, readByOthers, author, sender } = state;
  const mayWriteInternal = state.mayWriteInternal ?? true;
  const draft = !sent && holder;
  // A saved draft's own actions need the loaded state: nothing pending.
  const savedDraftAction = saved && draft && !changed;
  const editable = draft && !signed;
  return {
    editable,
    send: draft && (saved ? signed && !changed : true),
    number: savedDraftAction && !signed && !numbered,
    saveDraft: editable && changed,
    sign: savedDraftAction && !signed,
    removeSignature: savedDraftAction && signed,
    forwardDraft: savedDraftAction && !signed,
    reply: sent && !sender && mayWriteInternal,
    forward: sent,
    archive: sent,
    favorite: sent,
    print: saved,
    delete: saved && !readByOthers && (author || draft),
  };
}
