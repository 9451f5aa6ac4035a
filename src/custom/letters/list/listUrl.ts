// A letter list's state lives in its URL (spec 1 §2 "All-letters behaviour"): page,
// pageSize, phrase and the filters projectId, toCustomerId, fromCustomerId. The list reloads
// whenever the URL changes (back, forward, a link), and a new phrase or customer filter
// goes back to page 1 with 20 rows. The two customer filters exclude each other.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES } from '../../../resources/list/ResourcePager';
import { INT32_MAX } from '../../../shared/integers';

export const DEFAULT_PAGE_SIZE = 20;

export interface ListUrlState {
  page: number;
  pageSize: number;
  phrase: string;
  projectId?: number;
  toCustomerId?: number;
  fromCustomerId?: number;
}

export type CustomerFilter = 'toCustomerId' | 'fromCustomerId';

const OTHER_FILTER: Record<CustomerFilter, CustomerFilter> = {
  toCustomerId: 'fromCustomerId',
  fromCustomerId: 'toCustomerId',
};

/** A positive whole number from the query that can be a record's id, or undefined. */
function positive(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= INT32_MAX ? n : undefined;
}

/** All the customer filters there are (all letters offers both). */
const ALL_FILTERS = Object.keys(OTHER_FILTER) as CustomerFilter[];

/** The list's state from its query; only the customer filters the list offers are read
 *  (a link's `fromCustomerId` means nothing to «کارتابل من»). */
export function readListUrl(params: URLSearchParams, filters: CustomerFilter[] = ALL_FILTERS): ListUrlState {
  const size = positive(params.get('pageSize'));
  return {
    page: positive(params.get('page')) ?? 1,
    pageSize: size && PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    phrase: params.get('phrase') ?? '',
    projectId: positive(params.get('projectId')),
    ...customerFilterOf(params, filters),
  };
}

/** The customer filter of a query: one of the two, the one written last when a link
 *  carries both (as choosing one clears the other). */
function customerFilterOf(
  params: URLSearchParams,
  filters: CustomerFilter[],
): Partial<Record<CustomerFilter, number>> {
  const written = [...params.keys()].filter(
    (key): key is CustomerFilter =>
      filters.includes(key as CustomerFilter) && positive(params.get(key)) !== undefined,
  );
  const last = written.at(-1);
  return last ? { [last]: positive(params.get(last)) } : {};
}

/** Customer filters a link carries that name no customer at all (`fromCustomerId=abc`):
 *  said as one that is not there, not ignored in silence — on a list that offers them; any
 *  other list neither reads nor complains about them (probe helper-84). */
export function malformedCustomerFilters(
  params: URLSearchParams,
  filters: CustomerFilter[] = ALL_FILTERS,
): CustomerFilter[] {
  return filters.filter((key) => params.has(key) && positive(params.get(key)) === undefined);
}

/** The query after a change: `null` removes a key; the rest (e.g. a folder's title) stays. */
export function withChanges(params: URLSearchParams, changes: Record<string, string | number | null>) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Back to the first page of 20 rows: what a new phrase or customer filter does. */
const FIRST_PAGE = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

export function phraseChanges(phrase: string) {
  return { ...FIRST_PAGE, phrase: phrase.trim() || null };
}

export function customerChanges(filter: CustomerFilter, customerId: number | null) {
  return { ...FIRST_PAGE, [filter]: customerId, [OTHER_FILTER[filter]]: null };
}

/** The list's URL state; `filters`: the customer filters this list offers (its config's, a constant). */
export function useListUrl(filters: CustomerFilter[]) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListUrl(params, filters), [params, filters]);
  const malformed = useMemo(() => malformedCustomerFilters(params, filters), [params, filters]);
  // Two changes in one tick (a link's customer dropped as its page is corrected) build on
  // each other: the router's own `current` is the render's, and the second undid the first.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const change = useCallback(
    (changes: Record<string, string | number | null>, replace = false) => {
      const next = withChanges(pending.current ?? params, changes);
      pending.current = next;
      setParams(next, { replace });
    },
    [params, setParams],
  );
  return {
    state,
    malformed,
    setPage: (page: number) => change({ page }),
    /** The last page in place of one past the end: no history step of its own. */
    correctPage: (page: number) => change({ page }, true),
    setPageSize: (pageSize: number) => change({ page: 1, pageSize }),
    // A search starts a history entry (Back returns to the list as it was); further typing
    // replaces it, so Back does not step through every keystroke.
    setPhrase: (phrase: string) => change(phraseChanges(phrase), Boolean(state.phrase)),
    setCustomer: (filter: CustomerFilter, customerId: number | null) =>
      change(customerChanges(filter, customerId)),
    /** A link's customer that is not there: the filter leaves the URL in place (Back then
     *  leaves the list, instead of coming back to the link to leave it again). */
    dropCustomer: (...filters: CustomerFilter[]) =>
      change(Object.fromEntries(filters.map((filter) => [filter, null])), true),
    clearProject: () => change({ ...FIRST_PAGE, projectId: null }),
  };
}
