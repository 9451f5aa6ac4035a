import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../server/auth/login-throttle';
import { menuFor, type MenuEntry } from '../../server/menu/menu-tree';
import { splitSqlStatements } from '../../server/db/split-sql';
import { normalizeHost } from '../../server/tenancy/tenants';
import { redactUrl } from '../../server/logger';

describe('login throttle', () => {
  it('lets a few failures pass, then waits longer each time, then refuses', () => {
    let now = 0;
    const throttle = createLoginThrottle(() => now);
    const keys = ['ip:1.2.3.4'];
    for (let i = 0; i < 5; i++) {
      expect(throttle.assess(keys)).toBe(0);
      throttle.fail(keys);
    }
    expect(throttle.assess(keys)).toBe(250);
    throttle.fail(keys);
    expect(throttle.assess(keys)).toBe(500);
    for (let i = 0; i < 14; i++) throttle.fail(keys);
    expect(throttle.assess(keys)).toBe('refuse');
    now += 16 * 60_000; // the window passes
    expect(throttle.assess(keys)).toBe(0);
  });

  it('counts per key and forgets a username on success', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 7; i++) throttle.fail(['user:1:a']);
    expect(throttle.assess(['ip:x', 'user:1:a'])).toBeGreaterThan(0);
    expect(throttle.assess(['ip:x', 'user:1:b'])).toBe(0);
    throttle.succeed(['user:1:a']);
    expect(throttle.assess(['user:1:a'])).toBe(0);
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
