// Whole-record rules (kit `rules`): the form's check and the server's are the same rules.
import { describe, expect, it } from 'vitest';
import { customer } from '../../src/schemas/customers';
import { dateOrder } from '../../src/schemas/kit';
import { recordRules } from '../../src/resources/form/validation';

describe('whole-record rules', () => {
  const MESSAGE = 'تاریخ اعتبار نباید پیش از تاریخ ایجاد باشد';

  it('puts a broken date range under the later field, in the server’s words', () => {
    const check = recordRules(customer)!;
    expect(check({ createdDate: '2026-03-21', creditDate: '2026-03-20' })).toEqual({ creditDate: MESSAGE });
    expect(check({ createdDate: '2026-03-20', creditDate: '2026-03-20' })).toEqual({});
    expect(check({ createdDate: '2026-03-20', creditDate: null })).toEqual({});
  });

  it('lets an empty end either way, and has no check for a resource without rules', () => {
    const rule = dateOrder('from', 'to', 'x');
    expect(rule.holds({ from: '2026-01-02', to: '' })).toBe(true);
    expect(rule.holds({ from: undefined, to: '2026-01-01' })).toBe(true);
    expect(rule.holds({ from: '2026-01-02', to: '2026-01-01' })).toBe(false);
    expect(recordRules({ ...customer, rules: undefined })).toBeUndefined();
  });
});
