// @vitest-environment jsdom
// The pager under every list: a page past the end is corrected only by the page's own total
// (never the last page's while the next loads: Back to page 3 of a longer list landed on
// page 1 and lost Forward), without a history step of its own; the page size stays
// choosable when a search's count stops at the page. And a call the network drops says so
// in Persian, and a call refused for its session ends only that session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Pager } from '../../src/resources/list/ResourcePager';
import { CONNECTION_FAILED, http, HttpError } from '../../src/api/http';
import { getSession, setSession, type Session } from '../../src/api/session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pager', () => {
  const pager = (props: Partial<Parameters<typeof Pager>[0]>) => {
    const calls = { setPage: vi.fn(), correctPage: vi.fn(), setPerPage: vi.fn() };
    render(<Pager page={3} perPage={10} total={3} capped={false} {...calls} {...props} />);
    return calls;
  };

  it('leaves a page past the last one alone while the page is loading', () => {
    const calls = pager({ loading: true });
    expect(calls.correctPage).not.toHaveBeenCalled();
    expect(calls.setPage).not.toHaveBeenCalled();
  });

  it('puts the last page in its place once loaded, by correcting, not by a new step', () => {
    const calls = pager({ loading: false });
    expect(calls.correctPage).toHaveBeenCalledWith(1);
    expect(calls.setPage).not.toHaveBeenCalled();
  });

  it('offers the page sizes back when a search counted only up to the page', () => {
    pager({ page: 1, total: 10, capped: true });
    expect(screen.getByLabelText('تعداد در صفحه')).toBeTruthy();
    cleanup();
    pager({ page: 1, total: 8, capped: false });
    expect(screen.queryByLabelText('تعداد در صفحه')).toBeNull();
  });
});

describe('a call the network drops', () => {
  it('fails with «خطا در ارتباط با سرور», not the browser’s English', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const failure = await http.post('message/sign/', { id: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe(CONNECTION_FAILED);
  });
});

describe('a call refused for its session', () => {
  const session = (token: string): Session => ({
    token,
    user: {
      userId: 1,
      username: 'u',
      name: 'ن',
      fName: 'ن',
      lName: '',
      mobile: '',
      pic: '',
      permissions: [],
      tenantFullName: '',
      logo: '',
    },
  });

  it('ends that session, not one another tab stored while it was on its way', async () => {
    setSession(session('old'));
    vi.stubGlobal('fetch', () => {
      setSession(session('new')); // another tab signs in meanwhile
      return Promise.resolve(new Response('{}', { status: 401 }));
    });
    await expect(http.get('menu/list/')).rejects.toBeInstanceOf(HttpError);
    expect(getSession()?.token).toBe('new');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 401 })));
    await expect(http.get('menu/list/')).rejects.toBeInstanceOf(HttpError);
    expect(getSession()).toBeNull();
  });
});
