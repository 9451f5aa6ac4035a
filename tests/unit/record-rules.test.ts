// Whole-record rules (kit `rules`): the form's check and the server's are the same rules,
// and with them the form still checks every field (react-admin runs the form's check
// instead of its inputs').
import { describe, expect, it } from 'vitest';
import { customer } from '../../src/schemas/customers';
import { andikator, archive, favorite } from '../../src/schemas/correspondence';
import { dateOrder } from '../../src/schemas/kit';
import { recordRules } from '../../src/resources/form/validation';

const valid = { name: 'شرکت آریا', code: 'A-1', createdDate: '2026-03-20', creditDate: '2026-03-20' };

describe('whole-record rules', () => {
  const MESSAGE = 'تاریخ اعتبار نباید پیش از تاریخ ایجاد باشد';

  it('puts a broken date range under the later field, in the server’s words', () => {
    const check = recordRules(customer, 'create')!;
    expect(check({ ...valid, createdDate: '2026-03-21', creditDate: '2026-03-20' })).toEqual({
      creditDate: MESSAGE,
    });
    expect(check(valid)).toEqual({});
  });

  it('checks every field as its input would: required ones, an e-mail, a mobile number', () => {
    const check = recordRules(customer, 'create')!;
    const empty = check({});
    expect(empty).toMatchObject({
      name: 'نام مشتری الزامی است',
      code: expect.stringContaining('الزامی است'),
    });
    expect(Object.keys(empty)).toEqual(expect.arrayContaining(['createdDate', 'creditDate']));
    const bad = check({ ...valid, email: 'abc', mobile: '123' });
    expect(Object.keys(bad).sort()).toEqual(['email', 'mobile']);
    // The numbering scheme's form, the other resource with a record rule, too.
    expect(Object.keys(recordRules(andikator, 'create')!({})).length).toBeGreaterThan(0);
  });

  it('shows a folder title with «/» refused under the title, as the server words it; an old one kept', () => {
    const SLASH = 'عنوان پوشه نباید «/» داشته باشد؛ مسیر پوشه‌ها با « / » از هم جدا می‌شود';
    expect(recordRules(archive, 'create')!({ archiveTitle: 'الف / ب' })).toEqual({ archiveTitle: SLASH });
    expect(recordRules(favorite, 'create')!({ favoriteTitle: 'الف/ب' })).toEqual({ favoriteTitle: SLASH });
    expect(recordRules(archive, 'create')!({ archiveTitle: 'الف - ب' })).toEqual({});
    // Drawn as a slash (probe helper-63): the big solidus, a box-drawing diagonal, a combining
    // overlay after a space, «℀» (a/c once NFKC-folded) — each read as a «/».
    for (const title of ['الف ⧸ ب', 'الف ╱ ب', 'الف \u0338 ب', 'الف ℀', 'الف 🙼 ب'])
      expect(recordRules(archive, 'create')!({ archiveTitle: title })).toEqual({ archiveTitle: SLASH });
    // A direction override that shows «۴۰۴۱» as «۱۴۰۴».
    expect(recordRules(favorite, 'create')!({ favoriteTitle: '\u202e۴۰۴۱' })).toEqual({
      favoriteTitle:
        'عنوان پوشه نویسه‌ی پنهانِ تغییر جهت متن دارد که آن را جز آنچه هست نشان می‌دهد؛ آن را بی این نویسه بنویسید',
    });
    expect(recordRules(favorite, 'create')!({ favoriteTitle: 'گزارش\u200cها' })).toEqual({});
    // Stored before the rule: the folder is still saved (moved) with its title as it is.
    const stored = { archiveTitle: 'خرید / فروش', parentFk: null };
    expect(recordRules(archive, 'edit', stored)!({ ...stored, parentFk: 3 })).toEqual({});
    expect(recordRules(archive, 'edit', stored)!({ archiveTitle: 'خرید / فروش ۲' })).toEqual({
      archiveTitle: SLASH,
    });
  });

  it('lets an empty end either way, and has no check for a resource without rules', () => {
    const rule = dateOrder('from', 'to', 'x');
    expect(rule.holds({ from: '2026-01-02', to: '' })).toBe(true);
    expect(rule.holds({ from: undefined, to: '2026-01-01' })).toBe(true);
    expect(rule.holds({ from: '2026-01-02', to: '2026-01-01' })).toBe(false);
    expect(recordRules({ ...customer, rules: undefined }, 'create')).toBeUndefined();
  });
});
