// The field kit's checks, as the server binds them and the client's forms check them (one
// schema, one sentence): lengths of addresses, e-mails and digits, tags only as texts,
// dates only as the client sends them, integers only as decimals.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customer } from '../../src/schemas/customers';
import { link } from '../../src/schemas/links';
import { company } from '../../src/schemas/organisation';
import { DEFAULT_MAX, f, inputSchema, type Resource } from '../../src/schemas/kit';
import { toNumber } from '../../src/shared/coerce';
import { fieldRules } from '../../src/resources/form/validation';
import { bindParams, type ParamBag } from '../../server/http/binding';
import { field } from '../../server/http/fields';

const bag = (values: Record<string, unknown>): ParamBag =>
  new Map(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value]));

const CUSTOMER = { Name: 'مشتری', Code: 'C-1', CreatedDate: '2025-03-21', CreditDate: '2026-03-20' };

/** What the server answers for these parameters (its message, or the bound values). */
function bind(resource: Resource, mode: 'create' | 'update', values: Record<string, unknown>) {
  const bound = bindParams(inputSchema(resource, mode), bag(values));
  return bound.ok ? { ok: true as const, value: bound.value as Record<string, unknown> } : bound;
}

describe('lengths of addresses, e-mails and digits', () => {
  it('refuses a value past the field’s own max, naming the field', () => {
    const url = `https://example.ir/${'a'.repeat(2000)}`;
    expect(bind(link, 'create', { Caption: 'بلند', Url: url })).toEqual({
      ok: false,
      message: 'نشانی بیش از حد طولانی است (حداکثر ۲٬۰۰۰ نویسه)',
    });
    const fits = `https://example.ir/${'a'.repeat(2000 - 'https://example.ir/'.length)}`;
    expect(bind(link, 'create', { Caption: 'بلند', Url: fits })).toMatchObject({ ok: true });
  });

  it('bounds e-mails, digits and addresses that name no max', () => {
    expect(bind(customer, 'create', { ...CUSTOMER, Tell: '1'.repeat(500_000) })).toEqual({
      ok: false,
      message: 'تلفن بیش از حد طولانی است (حداکثر ۲۰ نویسه)',
    });
    expect(bind(customer, 'create', { ...CUSTOMER, Email: `${'a'.repeat(500_000)}@x.ir` })).toEqual({
      ok: false,
      message: 'پست الکترونیک بیش از حد طولانی است (حداکثر ۲۵۴ نویسه)',
    });
    expect(bind(company, 'create', { CompanyName: 'شرکت', NationalId: '9'.repeat(300_000) })).toEqual({
      ok: false,
      message: 'شناسه ملی بیش از حد طولانی است (حداکثر ۲۰ نویسه)',
    });
    const site = f.url('وب‌گاه');
    expect(site.schema.safeParse(`https://e.ir/${'a'.repeat(DEFAULT_MAX.url)}`).success).toBe(false);
    // At the limit is taken; Persian digits and separators count as the digits they become.
    expect(bind(customer, 'create', { ...CUSTOMER, Tell: '۱'.repeat(DEFAULT_MAX.digits) })).toMatchObject({
      ok: true,
      value: { Tell: '1'.repeat(DEFAULT_MAX.digits) },
    });
    expect(bind(customer, 'create', { ...CUSTOMER, Tell: '021-8877-6655' })).toMatchObject({
      value: { Tell: '02188776655' },
    });
    const email = `${'a'.repeat(DEFAULT_MAX.email - '@x.ir'.length)}@x.ir`;
    expect(bind(customer, 'create', { ...CUSTOMER, Email: email })).toMatchObject({ ok: true });
    expect(bind(customer, 'create', { ...CUSTOMER, Email: `a${email}` })).toMatchObject({ ok: false });
  });

  it('a long e-mail is refused at once, without the pattern walking it', () => {
    // Dots and no end: a backtracking pattern would take minutes over this.
    const started = performance.now();
    const result = bind(customer, 'create', { ...CUSTOMER, Email: `a@${'a.'.repeat(200_000)} ` });
    expect(result).toEqual({ ok: false, message: 'پست الکترونیک بیش از حد طولانی است (حداکثر ۲۵۴ نویسه)' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('the form says the same as the server', () => {
    const rules = fieldRules(customer, 'create');
    expect(rules.tell.validate('1'.repeat(21), {}, {})).toBe('تلفن بیش از حد طولانی است (حداکثر ۲۰ نویسه)');
    expect(rules.email.validate('a'.repeat(300), {}, {})).toBe(
      'پست الکترونیک بیش از حد طولانی است (حداکثر ۲۵۴ نویسه)',
    );
    expect(rules.tell.validate('02188776655', {}, {})).toBeUndefined();
    expect(fieldRules(link, 'create').url.validate(`https://e.ir/${'a'.repeat(2000)}`, {}, {})).toBe(
      'نشانی بیش از حد طولانی است (حداکثر ۲٬۰۰۰ نویسه)',
    );
  });
});

describe('tags', () => {
  it('takes a list of texts, a form’s one text with commas, or nothing', () => {
    const tags = (value: unknown) => bind(customer, 'create', { ...CUSTOMER, Tags: value });
    expect(tags(['vip', ' تهران ', '', 'كرج'])).toMatchObject({ value: { Tags: ['vip', 'تهران', 'کرج'] } });
    expect(tags('vip،تهران, کرج')).toMatchObject({ value: { Tags: ['vip', 'تهران', 'کرج'] } });
    for (const none of [undefined, null, '', []]) expect(tags(none)).toMatchObject({ value: { Tags: [] } });
  });

  it('refuses anything else, naming the field, instead of storing junk or no tags', () => {
    const file = {
      kind: 'file',
      fieldName: 'Tags',
      filename: 'a.txt',
      mimetype: 'text/plain',
      data: Buffer.from('x'),
    };
    for (const value of [5, true, { a: 1 }, file, [null], [{ a: 1 }], [true], [12], ['vip', 3]]) {
      for (const mode of ['create', 'update'] as const) {
        expect(bind(customer, mode, { ...CUSTOMER, Id: 1, Tags: value }), JSON.stringify(value)).toEqual({
          ok: false,
          message: 'برچسب‌ها معتبر نیست',
        });
      }
    }
    expect(bind(customer, 'create', { ...CUSTOMER, Tags: ['a'.repeat(101)] })).toEqual({
      ok: false,
      message: 'برچسب‌ها بیش از حد طولانی است (حداکثر ۱۰۰ نویسه)',
    });
    expect(
      bind(customer, 'create', { ...CUSTOMER, Tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }),
    ).toEqual({ ok: false, message: 'برچسب‌ها بیش از حد طولانی است (حداکثر ۵۰ مورد)' });
  });

  it('on update: left out keeps them, empty clears them', () => {
    expect(bind(customer, 'update', { Id: 1 })).toMatchObject({ value: { Tags: undefined } });
    expect(bind(customer, 'update', { Id: 1, Tags: null })).toMatchObject({ value: { Tags: [] } });
    expect(bind(customer, 'update', { Id: 1, Tags: '' })).toMatchObject({ value: { Tags: [] } });
  });

  it('the form’s chips (a list of texts) pass the form’s own check', () => {
    const rule = fieldRules(customer, 'edit').tags;
    expect(rule.validate(['vip', 'تهران'], {}, {})).toBeUndefined();
    expect(rule.validate([], {}, {})).toBeUndefined();
    expect(rule.validate(undefined, {}, {})).toBeUndefined();
  });
});

describe('dates', () => {
  const date = (value: unknown) => bind(customer, 'create', { ...CUSTOMER, CreatedDate: value });

  it('takes a date, or an ISO date-time as its day', () => {
    expect(date('2025-03-21')).toMatchObject({ value: { CreatedDate: '2025-03-21' } });
    // The specification's clients: a date-time without an offset, its date as written.
    expect(date('1990-05-21T00:00:00')).toMatchObject({ value: { CreatedDate: '1990-05-21' } });
    expect(date('2025-03-21T23:59:59.999')).toMatchObject({ value: { CreatedDate: '2025-03-21' } });
    // An instant: the day it falls on in Tehran (midnight in Tehran is 20:30 UTC the day before).
    expect(date('2025-03-20T20:30:00.000Z')).toMatchObject({ value: { CreatedDate: '2025-03-21' } });
    expect(date('2025-03-21T00:00:00+03:30')).toMatchObject({ value: { CreatedDate: '2025-03-21' } });
    expect(date(' 2025-03-21 ')).toMatchObject({ value: { CreatedDate: '2025-03-21' } });
  });

  it('refuses trailing text, impossible times and days, and other shapes, naming the field', () => {
    for (const value of [
      '2025-01-01 whatever',
      '2025-01-01whatever',
      '2026-01-01T99:99:99',
      '2026-01-01T24:00:00',
      '2026-01-01T10:00:00+0330',
      '2026-01-01 10:00:00',
      '2026-02-30',
      '2026-02-30T00:00:00',
      '1/1/1',
      '20250101',
      'x'.repeat(100_000),
      5,
      true,
      { a: 1 },
    ]) {
      expect(date(value), String(value).slice(0, 30)).toEqual({
        ok: false,
        message: 'تاریخ ایجاد معتبر نیست',
      });
    }
    expect(date('1405-09-05T00:00:00')).toEqual({
      ok: false,
      message: 'تاریخ ایجاد باید میان سال‌های ۱۲۰۰ و ۱۵۹۹ باشد',
    });
    for (const missing of [undefined, null, '', '  '])
      expect(date(missing)).toEqual({ ok: false, message: 'تاریخ ایجاد الزامی است' });
  });

  it('the form’s date input value passes, a broken one shows the server’s words', () => {
    const rule = fieldRules(customer, 'create').createdDate;
    expect(rule.validate('2025-03-21', {}, {})).toBeUndefined();
    expect(rule.validate('2025-03-21 x', {}, {})).toBe('تاریخ ایجاد معتبر نیست');
    expect(rule.validate(null, {}, {})).toBe('تاریخ ایجاد الزامی است');
  });
});

describe('integers', () => {
  it('reads decimal integers, Persian and Arabic-Indic digits and thousands separators', () => {
    expect(toNumber('14')).toBe(14);
    expect(toNumber(' ۱۴ ')).toBe(14);
    expect(toNumber('١٤')).toBe(14);
    expect(toNumber('۱۲٬۵۰۰')).toBe(12500);
    expect(toNumber('1,234,567')).toBe(1234567);
    expect(toNumber('-5')).toBe(-5);
    expect(toNumber('2147483648')).toBe(2147483648); // refused as too large by the schema
    // JavaScript's own text of a huge number reads as that number, refused as too large.
    expect(toNumber(String(1e300))).toBe(1e300);
    expect(toNumber('-1e+21')).toBe(-1e21);
    expect(toNumber(7)).toBe(7);
    expect(toNumber('')).toBeUndefined();
    expect(toNumber('   ')).toBeUndefined();
    expect(toNumber(null)).toBeUndefined();
  });

  it('passes on anything else for the schema to refuse', () => {
    for (const text of [
      '0x0e',
      '1.4e1',
      '1e3',
      '0b1',
      '0o7',
      '1.5',
      '12.0',
      'Infinity',
      'NaN',
      '1,2',
      '14abc',
      '--1',
      '1 2',
      '1e20',
      '9.99e20',
      '1e400',
    ])
      expect(toNumber(text), text).toBe(text);
  });

  it('an id such as 0x0e or 1.4e1 is not 14', () => {
    const schema = z.object({ Id: field.id('شناسه') });
    for (const id of ['0x0e', '1.4e1', '0xE', '14.0'])
      expect(bindParams(schema, bag({ Id: id })), id).toEqual({ ok: false, message: 'شناسه معتبر نیست' });
    expect(bindParams(schema, bag({ Id: '۱۴' }))).toEqual({ ok: true, value: { Id: 14 } });
    expect(bind(customer, 'create', { ...CUSTOMER, CustomerGroups: ['0x01'] })).toEqual({
      ok: false,
      message: 'گروه‌های مشتری معتبر نیست',
    });
  });
});
