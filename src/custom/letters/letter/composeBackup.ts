// Nothing typed is lost: while a letter's form differs from what was loaded, it is kept in
// this tab's sessionStorage, per user and screen address. A reload, a session that ended
// (revoked, expired: the sign-in page brings the user back to the same address), a walk
// elsewhere in the portal and back — the letter screen finds it again and offers it back
// (LetterEditor's banner). Chosen files cannot be kept there: their names are, so the
// banner can ask for them again. A saved letter clears its copy. A copy whose letter can no
// longer be edited here (sent, signed, passed on or deleted since) is offered as text and as
// a new letter instead (useStrandedBackup, StrandedCopy.tsx).
import { useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { getSession, UNSAVED_WORK_PREFIX, unsavedWorkForgottenAt } from '../../../api/session';
import { isChanged, type LetterFormValues, type PendingRelated } from './letterForm';

const PREFIX = UNSAVED_WORK_PREFIX;
/** How long after the last key press the copy is written… */
const WRITE_DELAY_MS = 300;
/** …or, for someone typing without a pause, at least how often. */
const LONGEST_UNWRITTEN_MS = 2000;

export interface ComposeBackup {
  /** The form as it was, its chosen files left out. */
  values: LetterFormValues;
  /** The names of the files that were chosen and not yet sent. */
  fileNames: string[];
  /** What was loaded when it was written: a letter changed since is not offered it. */
  base: string;
  savedAt: number;
  /** The screen's ClientKey for its new letter: a copy sent after a lost answer must find
   *  the letter the first save wrote, as a retry on the same screen does. */
  clientKey?: string;
  /** Its save was refused, the draft edited elsewhere since (EDITED_ELSEWHERE): offered
   *  over the newer draft too, said to be older than it. */
  overtaken?: boolean;
  /** Brought from a letter no longer editable into a new one (carryToNewLetter): taken
   *  whatever the new form holds. */
  carried?: boolean;
  /** The address of the copy it was carried from: dropped too once this one is saved. */
  carriedFrom?: string;
  /** Where this copy was carried to (a new letter's address): carried again, the same one
   *  opens, with whatever was added there. */
  carriedTo?: string;
}

/** The address a screen's copy is kept under: its path, and its query — a letter carried
 *  from another (`?copy=…`) has a copy of its own beside the type's ordinary new letter. */
export function useComposeAddress(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/** The copies whose save found the draft edited elsewhere (keys), this tab's life. */
const overtakenKeys = new Set<string>();

/** The save of this screen's form was refused, the draft edited elsewhere: its copy is kept
 *  and offered again when the letter is opened anew, over the newer draft. */
export function keepOvertakenBackup(pathname: string) {
  const key = keyOf(pathname);
  if (!key) return;
  overtakenKeys.add(key);
  const backup = read(pathname);
  if (backup) sessionStorage.setItem(key, JSON.stringify({ ...backup, overtaken: true }));
}

const keyOf = (address: string, user = getSession()?.user.userId) =>
  user === undefined ? null : `${PREFIX}${user}:${copyName(address)}`;

/** A saved letter's copy is the letter's, whichever list it was opened from
 *  (`/letter/false/Draft/4/57` and `/letter/false/Send/4/57` alike: `letter/57`): sent
 *  elsewhere, it is offered on the sent letter opened from the sent list too. A new
 *  letter's is its address's (its type, its `?copy=…`). */
export function copyName(address: string): string {
  const saved = /^\/letter\/[^/?]+\/[^/?]+\/\d+\/(\d+)(?:\?.*)?$/.exec(address);
  return saved && Number(saved[1]) > 0 ? `letter/${saved[1]}` : address;
}

function read(pathname: string): ComposeBackup | null {
  const key = keyOf(pathname);
  if (!key) return null;
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as ComposeBackup) : null;
  } catch {
    return null;
  }
}

/** When each copy was last dropped: a write the form asked for before then is stale. */
const droppedAt = new Map<string, number>();

/** Forgets the screen's copy (after a save, or when the user drops it). `saved`: the letter
 *  the copy went into is saved, so the copy it was carried from goes too — dropped only
 *  here, the words stay offered where they came from. */
export function dropComposeBackup(pathname: string, { saved = false } = {}) {
  const key = keyOf(pathname);
  if (!key) return;
  const carriedFrom = read(pathname)?.carriedFrom;
  if (saved && carriedFrom) dropComposeBackup(carriedFrom);
  overtakenKeys.delete(key);
  sessionStorage.removeItem(key);
  droppedAt.set(key, performance.now());
}

const baseOf = (loaded: LetterFormValues) => JSON.stringify({ ...loaded, attachments: [] });

/**
 * Whether the copy was written over what is loaded now. One written by an earlier version
 * lacks the fields added since (the blind copies): those are not compared, the copy leaves
 * them as the letter holds them (review probe: such a copy was dropped, its text lost).
 */
function writtenOver(base: string, loaded: LetterFormValues): boolean {
  const now = baseOf(loaded);
  if (base === now) return true;
  try {
    const then = JSON.parse(base) as Record<string, unknown>;
    const current = JSON.parse(now) as Record<string, unknown>;
    return Object.keys(then).every(
      (field) => field in current && JSON.stringify(then[field]) === JSON.stringify(current[field]),
    );
  } catch {
    return false;
  }
}

/** A new letter's address (its copy kept under the address, not a saved letter's id). */
const isNewLetter = (pathname: string) => !/^letter\/\d+$/.test(copyName(pathname));

/** The copy found on arrival, if it was written over what is loaded now — or is a new
 *  letter's, which nobody else writes (what it was written over may differ only by a
 *  default changed since, as a type's default scheme: probe helper-92, the words were
 *  dropped) —: the caller puts it in the form (useRestoredBackup, over the new defaults
 *  where the user left them) and saves under its key. */
export function useFoundBackup(pathname: string, loaded: LetterFormValues, editable: boolean) {
  const [found] = useState(() => {
    const backup = editable ? read(pathname) : null;
    const taken =
      backup &&
      (writtenOver(backup.base, loaded) || backup.overtaken || backup.carried || isNewLetter(pathname));
    return taken ? backup : null;
  });
  return found;
}

/** The copy kept for a letter this screen cannot edit (sent, signed, passed on, deleted
 *  since it was written), unless what it holds is what the letter now says: nothing of it
 *  would go in the form, so it is offered apart (StrandedCopy). `loaded` is null for a
 *  letter that is not there any more. */
export function useStrandedBackup(address: string, loaded: LetterFormValues | null, editable: boolean) {
  const [found] = useState(() => {
    const backup = editable ? null : read(address);
    if (!backup) return null;
    if (loaded && !isChanged(loaded, { ...backup.values, attachments: [] }) && !backup.fileNames.length)
      return null;
    return backup;
  });
  return found;
}

/** Puts a kept copy in a new letter of the type, at an address of its own; returns it. The
 *  original copy stays until the new letter is saved (then both go), or is dropped. */
export function carryToNewLetter(
  from: string,
  backup: ComposeBackup,
  newLetterPath: string,
  /** The letter's saved related letters, linked to the new one too (a reply's original). */
  related: PendingRelated[] = [],
): string {
  // Carried before and still kept there: that new letter, with what was added to it.
  const before = backup.carriedTo;
  if (before && read(before)) return before;
  const address = `${newLetterPath}?copy=${Date.now().toString(36)}`;
  const key = keyOf(address);
  const fromKey = keyOf(from);
  if (!key || !fromKey) return address;
  const pending = backup.values.related ?? [];
  const carried: ComposeBackup = {
    values: {
      ...backup.values,
      related: [...pending, ...related.filter((r) => !pending.some((p) => p.messageId === r.messageId))],
    },
    fileNames: backup.fileNames,
    base: '',
    savedAt: backup.savedAt,
    carried: true,
    carriedFrom: from,
  };
  try {
    sessionStorage.setItem(key, JSON.stringify(carried));
    sessionStorage.setItem(fromKey, JSON.stringify({ ...backup, carriedTo: address }));
  } catch {
    // Full: the new letter opens empty, and the text is still offered where it was.
  }
  return address;
}

/** Keeps the form's copy while it is changed, and asks before the tab is closed or reloaded. */
export function useKeptBackup(
  pathname: string,
  loaded: LetterFormValues,
  current: Partial<LetterFormValues>,
  changed: boolean,
  editable: boolean,
  clientKey: string,
  /** The form's values now (the `current` given lags behind typing: a deferred value). */
  live?: () => Partial<LetterFormValues>,
) {
  // The copy not written yet: written at once when the screen closes (a click elsewhere in
  // the portal) or the page goes (a reload), not dropped with its timer — the last words
  // typed before leaving were lost, and the banner offered back the rest as if whole.
  const pending = useRef<(() => void) | null>(null);
  // The last write asked for, kept after it ran: the deferred `current` lags behind typing,
  // so the keys pressed since it ran start no new write — with `live` it writes them too.
  const latest = useRef<(() => void) | null>(null);
  useEffect(() => {
    const flush = () => (pending.current ?? latest.current)?.();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  // The user the screen was opened for: when the session ends under them (revoked
  // elsewhere), the screen closes after it is gone, and its last copy is still theirs.
  const [userId] = useState(() => getSession()?.user.userId);
  // When the copy was last written (at first, when the screen opened).
  const [openedAt] = useState(() => performance.now());
  const writtenAt = useRef(openedAt);

  useEffect(() => {
    const key = keyOf(pathname, userId);
    // Not editable any more (the session is ending): the copy not written yet stays pending.
    if (!key || !editable) return;
    const askedAt = performance.now();
    const write = () => {
      pending.current = null;
      writtenAt.current = performance.now();
      const values = live?.() ?? current;
      if (!isChanged(loaded, values)) return sessionStorage.removeItem(key);
      // Saved or dropped since this change was typed, or signed out on purpose: that form
      // is not to come back.
      if (Math.max(droppedAt.get(key) ?? -1, unsavedWorkForgottenAt()) >= askedAt) return;
      const files = (values.attachments ?? []).map((file) => file.title ?? file.rawFile?.name ?? '');
      const backup: ComposeBackup = {
        values: { ...(values as LetterFormValues), attachments: [] },
        fileNames: files.filter(Boolean),
        base: baseOf(loaded),
        savedAt: Date.now(),
        clientKey,
        ...(overtakenKeys.has(key) && { overtaken: true }),
        ...keptMarks(key),
      };
      try {
        sessionStorage.setItem(key, JSON.stringify(backup));
      } catch {
        // Full (a 200 KB body many times over): the letter is still on the screen.
      }
    };
    pending.current = write;
    if (live) latest.current = write;
    const unwritten = askedAt - writtenAt.current;
    const timer = window.setTimeout(write, unwritten >= LONGEST_UNWRITTEN_MS ? 0 : WRITE_DELAY_MS);
    // Not forgotten here: on closing, the first effect writes it (whichever cleanup runs first).
    return () => window.clearTimeout(timer);
    // `live` reads the form: the same function for the screen's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, userId, loaded, current, changed, editable, clientKey]);

  useAskBeforeUnload(changed && editable);
}

/** While `active`, closing or reloading the tab asks first (the browser's own question). */
export function useAskBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** What a copy rewritten as the user types keeps of the one before: where it was carried from. */
function keptMarks(key: string): Pick<ComposeBackup, 'carried' | 'carriedFrom'> {
  try {
    const before = JSON.parse(sessionStorage.getItem(key) ?? 'null') as ComposeBackup | null;
    return before?.carried ? { carried: true, carriedFrom: before.carriedFrom } : {};
  } catch {
    return {};
  }
}

/** What a found copy puts in the form. Written over another load of the letter (edited
 *  elsewhere since, passed on and back, signed and unsigned), only the fields the user had
 *  changed in it are theirs; the others are the letter's as it is now — a colleague's body
 *  is not undone by a subject typed here. */
export function restoredValues(found: ComposeBackup, loaded: LetterFormValues): LetterFormValues {
  let base: Partial<LetterFormValues>;
  try {
    base = JSON.parse(found.base) as Partial<LetterFormValues>;
  } catch {
    return found.values; // carried into a new letter: all of it is the user's
  }
  if (found.base === baseOf(loaded)) return found.values;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const merged = { ...loaded };
  for (const field of Object.keys(found.values) as (keyof LetterFormValues)[])
    if (field !== 'attachments' && !same(found.values[field], base[field]))
      (merged as Record<string, unknown>)[field] = found.values[field];
  return merged;
}

/** Puts a found copy into the form once, on arrival; `undo` returns to what was loaded. */
export function useRestoredBackup(found: ComposeBackup | null, loaded: LetterFormValues) {
  const { reset } = useFormContext<LetterFormValues>();
  const [shown, setShown] = useState(found !== null);
  const applied = useRef(false);
  useEffect(() => {
    if (!found || applied.current) return;
    // After react-admin's form has put its own values in on mounting (its effect runs
    // after this one, a child's), or the copy would be overwritten at once. Once only.
    const timer = window.setTimeout(() => {
      applied.current = true;
      reset(restoredValues(found, loaded), { keepDefaultValues: true });
    });
    return () => window.clearTimeout(timer);
  }, [found, loaded, reset]);
  return {
    shown,
    close: () => setShown(false),
    undo: (pathname: string) => {
      dropComposeBackup(pathname);
      reset(loaded);
      setShown(false);
    },
  };
}
