import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../server/auth/login-throttle';
import { menuFor, type MenuEntry } from '../../server/menu/menu-tree';
import { splitSqlStatements } from '../../server/db/split-sql';
import { normalizeHost } from '../../server/tenancy/tenants';
import { redactUrl } from '../../server/logger';
import os from 'node:os';
import { ConfigError, defaultPoolSize, loadConfig } from '../../server/config';

describe('login throttle', () => {
  const failTimes = (
    throttle: ReturnType<typeof createLoginThrottle>,
    n: number,
    address = 'a',
    user = 'u',
  ) => {
    let last;
    for (let i = 0; i < n; i++) {
      last = throttle.attempt(address, 1, user);
      last.settle(false);
    }
    return last!;
  };

  it('slows one username at one address after 5 failures, doubling, and refuses from the 21st', () => {
    let now = 0;
    const throttle = createLoginThrottle({ now: () => now });
    expect(failTimes(throttle, 5).delayMs).toBe(0);
    expect(failTimes(throttle, 1)).toMatchObject({ verdict: 'go', delayMs: 250 });
    expect(failTimes(throttle, 1)).toMatchObject({ verdict: 'go', delayMs: 500 });
    expect(failTimes(throttle, 13)).toMatchObject({ verdict: 'go' });
    expect(throttle.attempt('a', 1, 'u').verdict).toBe('refuse'); // the 21st
    now += 16 * 60_000; // the window passes
    expect(throttle.attempt('a', 1, 'u')).toMatchObject({ verdict: 'go', delayMs: 0 });
  });

  it('refuses an address guessing at many usernames from its 31st attempt', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 30; i++) expect(failTimes(throttle, 1, 'a', `user${i}`).verdict).toBe('go');
    expect(throttle.attempt('a', 1, 'someone-else').verdict).toBe('refuse');
    expect(throttle.attempt('b', 1, 'someone-else').verdict).toBe('go');
  });

  it('never refuses a username for failures from elsewhere, only slows it by at most a second', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 100; i++) failTimes(throttle, 1, `address${i}`, 'colleague');
    const owner = throttle.attempt('office', 1, 'colleague');
    expect(owner.verdict).toBe('go');
    expect(owner.delayMs).toBe(1000);
  });

  it('counts an attempt when it arrives, and a success takes it back', () => {
    const throttle = createLoginThrottle();
    const parallel = Array.from({ length: 60 }, () => throttle.attempt('a', 1, 'u'));
    expect(parallel.filter((attempt) => attempt.verdict === 'go')).toHaveLength(20);
    const fresh = createLoginThrottle();
    for (let i = 0; i < 40; i++) fresh.attempt('office', 1, `person${i}`).settle(true);
    expect(fresh.attempt('office', 1, 'late').verdict).toBe('go'); // 40 successes count for nothing
  });

  it('lets an office behind one address sign in all at once', () => {
    const throttle = createLoginThrottle();
    const morning = Array.from({ length: 120 }, (_, i) => throttle.attempt('office', 1, `person${i}`));
    expect(morning.every((attempt) => attempt.verdict === 'go' && attempt.delayMs === 0)).toBe(true);
    morning.forEach((attempt) => attempt.settle(true));
    expect(throttle.attempt('office', 1, 'late').verdict).toBe('go');
  });
});

describe('menu filtering', () => {
  const tree: MenuEntry[] = [
    {
      title: 'الف',
      type: 'Group',
      children: [
        { title: 'ب', type: 'A', permission: 'Banks' },
        { title: 'پ', type: 'Group', children: [{ title: 'ت', type: 'B', permission: 'Funds' }] },
      ],
    },
    { title: 'ث', type: 'C', permission: 'Person' },
  ];
  it('keeps permitted leaves and drops empty groups', () => {
    expect(menuFor(new Set(['Banks']), tree)).toEqual([
      { id: 1, title: 'الف', type: 'Group', children: [{ id: 2, title: 'ب', type: 'A', children: [] }] },
    ]);
    expect(menuFor(new Set(), tree)).toEqual([]);
  });
});

describe('small server helpers', () => {
  it('splits migration scripts without breaking $$ bodies or quotes', () => {
    const script =
      "CREATE TABLE a (x text DEFAULT ';');\n-- a comment; here\nDO $$ BEGIN PERFORM 1; END $$;\nSELECT 1";
    expect(splitSqlStatements(script)).toEqual([
      "CREATE TABLE a (x text DEFAULT ';')",
      'DO $$ BEGIN PERFORM 1; END $$',
      'SELECT 1',
    ]);
  });
  it('normalises hosts', () => {
    expect(normalizeHost('LocalHost:8080')).toBe('localhost');
    expect(normalizeHost('https://www.Example.ir/path')).toBe('example.ir');
    expect(normalizeHost('[::1]:8080')).toBe('[::1]');
  });
  it('redacts tokens from logged URLs', () => {
    expect(redactUrl('/hubs/notification?id=1&access_token=abc')).toBe(
      '/hubs/notification?id=1&access_token=[redacted]',
    );
    expect(redactUrl('/api/message/download?AttachmentId=3&token=xyz')).toBe(
      '/api/message/download?AttachmentId=3&token=[redacted]',
    );
  });
});

describe('the database pool size', () => {
  it('is two connections per core and one unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(2 * os.availableParallelism() + 1);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('refuses a size that is not a whole number of at least two', () => {
    for (const bad of ['0', '1', '-3', '2.5', 'many'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(ConfigError);
  });
});
