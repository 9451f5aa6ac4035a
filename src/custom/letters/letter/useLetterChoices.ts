// What the compose form needs besides the letter: the numbering schemes of the letter's
// type with the type's default (spec 1 §4: preselected on a new letter) and the current
// user's person id (spec 1 §5: not among their own letter's recipients).
import { useCallback, useEffect, useState } from 'react';
import { http, type ApiAnswer } from '../../../api/http';

export interface SchemeChoice {
  id: number;
  name: string;
  isDefault: boolean;
  isActive: boolean;
}

interface SchemeRow {
  id: number;
  title: string;
  isActive: boolean;
  isDefault: boolean;
}

/** The schemes of a type, with its default: the lookup (open to every user of the tenant)
 *  answers each scheme's active and default flags beside its name. */
export async function fetchSchemes(messageType: number): Promise<SchemeChoice[]> {
  const lookup = await http.get<ApiAnswer & { records?: SchemeRow[] }>('andikator/lookup/', {
    MessageType: messageType,
  });
  // A refusal is no answer: not «none» (the form would send the user to make one).
  if (lookup.status !== 1) throw new Error(lookup.messge ?? 'andikator/lookup refused');
  return (lookup.records ?? []).map((row) => ({
    id: row.id,
    name: row.title,
    isDefault: row.isDefault,
    isActive: row.isActive,
  }));
}

/** The schemes a letter is offered: the active ones, and its own if it was switched off
 *  since (a numbered draft showed its required scheme empty), said to be so. */
export function offeredSchemes(schemes: SchemeChoice[], own: number | null | undefined): SchemeChoice[] {
  return schemes
    .filter((scheme) => scheme.isActive || scheme.id === own)
    .map((scheme) => (scheme.isActive ? scheme : { ...scheme, name: `${scheme.name} (غیرفعال)` }));
}

export const defaultScheme = (schemes: SchemeChoice[]): number | null =>
  schemes.find((scheme) => scheme.isDefault && scheme.isActive)?.id ?? null;

/** The signed-in user's person (usersetting/get names it; a picker's phrase finds people
 *  by name only, not by the mobile that is their username). */
export async function fetchMyPersonId(): Promise<number | null> {
  const answer = await http.get<ApiAnswer & { record?: { personId?: number | null } }>('usersetting/get/');
  return answer.status === 1 ? (answer.record?.personId ?? null) : null;
}

/** Loads once per letter type, and again on `refresh()` (what is shown stays until the new
 *  answer is in); null until both answers are in (or failed: `schemesFailed`). */
export function useLetterChoices(messageType: number) {
  const [loaded, setLoaded] = useState<{
    type: number;
    schemes: SchemeChoice[];
    schemesFailed: boolean;
    myPersonId: number | null;
  } | null>(null);
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    const schemes = fetchSchemes(messageType).catch((error: unknown) => {
      console.error(error);
      return null;
    });
    const me = fetchMyPersonId().catch(() => null);
    void Promise.all([schemes, me]).then(
      ([schemeList, myPersonId]) =>
        current &&
        setLoaded({
          type: messageType,
          schemes: schemeList ?? [],
          schemesFailed: schemeList === null,
          myPersonId,
        }),
    );
    return () => {
      current = false;
    };
  }, [messageType, asked]);
  return loaded?.type === messageType ? { ...loaded, refresh } : null;
}
