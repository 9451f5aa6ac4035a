import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindParams, paramBag } from '../../server/http/binding';
import { field } from '../../server/http/fields';
import { fail, listAnswer, ok, SUCCESS_MESSAGE } from '../../server/http/answers';

const schema = z.object({
  Title: field.text('عنوان', 20),
  Page: field.optionalInt('صفحه', 1),
  IsActive: field.bool('فعال'),
  Ids: z.array(field.int('شناسه')).optional(),
  Url: field.url('نشانی').optional(),
});
const bag = (entries: Record<string, unknown>) =>
  new Map(Object.entries(entries).map(([k, v]) => [k.toLowerCase(), v]));

describe('parameter binding', () => {
  it('keeps a JSON array a list even of one item: refused for one value, taken for a list', () => {
    const fromJson = (body: unknown) => paramBag({ body, query: {} } as Parameters<typeof paramBag>[0]);
    expect(bindParams(schema, fromJson({ Title: ['عنوان'] }))).toEqual({
      ok: false,
      message: 'عنوان باید یک مقدار باشد، نه فهرستی از مقادیر',
    });
    const listed = bindParams(schema, fromJson({ Title: 'x', Ids: ['7'] }));
    expect(listed.ok && listed.value.Ids).toEqual([7]);
  });

  it('takes a name in both the query and the body once if both say the same, refuses two values', () => {
    const both = (query: unknown, body: unknown) =>
      paramBag({ body, query } as Parameters<typeof paramBag>[0]);
    const same = bindParams(schema, both({ Title: 'x', Page: '5' }, { Page: 5 }));
    expect(same.ok && same.value.Page).toBe(5);
    expect(bindParams(schema, both({ Title: 'x', Page: '155' }, { Page: 156 }))).toEqual({
      ok: false,
      message: 'صفحه باید یک مقدار باشد، نه فهرستی از مقادیر',
    });
    const lists = bindParams(schema, both({ Title: 'x', Ids: ['1', '2'] }, { Ids: [1, 2] }));
    expect(lists.ok && lists.value.Ids).toEqual([1, 2]);
    // Persian digits and a leading zero are the same number; a text's spaces at its ends too.
    for (const page of ['۵', '05', ' 5 ']) {
      const read = bindParams(schema, both({ Title: 'x', Page: page }, { Page: 5 }));
      expect(read.ok && read.value.Page, page).toBe(5);
    }
    // The text «null» is not JSON's null; a file is never compared (it is two values at once).
    expect(paramBag({ query: { Title: 'null' }, body: { Title: null } } as never).get('title')).toEqual([
      'null',
      null,
    ]);
    const file = {
      filename: 'a.png',
      get data(): Buffer {
        throw new Error('a file’s bytes were read to compare it');
      },
    };
    expect(paramBag({ query: { f: '1' }, body: { f: [file, file] } } as never).get('f')).toEqual([
      '1',
      file,
      file,
    ]);
  });

  it('takes ASP.NET’s indexed names as lists, in index order, objects by their properties', () => {
    const fromForm = (body: unknown) => paramBag({ body, query: {} } as Parameters<typeof paramBag>[0]);
    const listed = bindParams(schema, fromForm({ Title: 'x', 'Ids[1]': '8', 'Ids[0]': '7', 'Ids[10]': '9' }));
    expect(listed.ok && listed.value.Ids).toEqual([7, 8, 9]);
    const objects = fromForm({
      'RelatedMessages[1][MessageId]': '6',
      'RelatedMessages[0].MessageId': '5',
      'RelatedMessages[0].Follow': 'true',
      'RelatedMessages[1][Follow]': 'false',
    });
    expect(objects.get('relatedmessages')).toEqual([
      { MessageId: '5', Follow: 'true' },
      { MessageId: '6', Follow: 'false' },
    ]);
    // Shaped like an indexed name but not one it reads: refused, never taken as left out.
    for (const unreadable of ['Ids[1000000]', 'Ids[-1]', 'Ids[0][a][b]', 'Ids[x]'])
      expect(bindParams(schema, fromForm({ Title: 'x', [unreadable]: '7' })), unreadable).toEqual({
        ok: false,
        message: 'Ids معتبر نیست',
      });
    const repeated = bindParams(schema, fromForm({ Title: 'x', 'Ids[]': ['4', '5'] }));
    expect(repeated.ok && repeated.value.Ids).toEqual([4, 5]);
    // `Name[]` is a list even of one item: taken by a list, refused where one value is expected.
    const one = bindParams(schema, fromForm({ Title: 'x', 'Ids[]': '4' }));
    expect(one.ok && one.value.Ids).toEqual([4]);
    expect(bindParams(schema, fromForm({ 'Title[]': 'x' }))).toEqual({
      ok: false,
      message: 'عنوان باید یک مقدار باشد، نه فهرستی از مقادیر',
    });
    // Where one value is expected, an indexed name is a list and refused as one.
    expect(bindParams(schema, fromForm({ 'Title[0]': 'x' }))).toEqual({
      ok: false,
      message: 'عنوان باید یک مقدار باشد، نه فهرستی از مقادیر',
    });
  });

  it('binds by name case-insensitively and coerces form text', () => {
    const result = bindParams(
      schema,
      bag({ title: '  عنوان  ', PAGE: '۳', isactive: 'true', ids: ['1', '2'] }),
    );
    expect(result).toEqual({
      ok: true,
      value: { Title: 'عنوان', Page: 3, IsActive: true, Ids: [1, 2], Url: undefined },
    });
  });

  it('uses defaults when optional values are missing', () => {
    const result = bindParams(schema, bag({ Title: 'x' }));
    expect(result.ok && result.value).toMatchObject({ Page: 1, IsActive: false });
  });

  it('names the missing field in Persian', () => {
    expect(bindParams(schema, bag({}))).toEqual({ ok: false, message: 'عنوان الزامی است' });
    expect(bindParams(schema, bag({ Title: '   ' }))).toEqual({ ok: false, message: 'عنوان الزامی است' });
  });

  it('names a malformed or oversized field', () => {
    expect(bindParams(schema, bag({ Title: 'x', Page: 'abc' }))).toEqual({
      ok: false,
      message: 'صفحه معتبر نیست',
    });
    expect(bindParams(schema, bag({ Title: 'x'.repeat(21) }))).toEqual({
      ok: false,
      message: 'عنوان بیش از حد طولانی است (حداکثر ۲۰ نویسه)',
    });
    expect(bindParams(schema, bag({ Title: 'x', Url: 'javascript:alert(1)' }))).toEqual({
      ok: false,
      message: 'نشانی باید نشانی معتبری با http یا https باشد',
    });
  });

  it('refuses several values for a single value, never cutting them to one', () => {
    expect(bindParams(schema, bag({ Title: ['a', 'b'] }))).toEqual({
      ok: false,
      message: 'عنوان باید یک مقدار باشد، نه فهرستی از مقادیر',
    });
    expect(bindParams(schema, bag({ Title: 'x', Page: ['999999', '2'] }))).toMatchObject({ ok: false });
    // A list parameter takes them.
    expect(bindParams(schema, bag({ Title: 'x', Ids: ['1', '2'] }))).toMatchObject({ ok: true });
  });

  it('refuses text with control characters, naming the field', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', 'del\u007f']) {
      expect(bindParams(schema, bag({ Title: bad }))).toEqual({
        ok: false,
        message: 'عنوان نویسه‌های نامعتبر دارد',
      });
    }
    // Tabs and line breaks are text.
    expect(bindParams(schema, bag({ Title: 'a\tb\r\nc' }))).toMatchObject({ ok: true });
  });

  it('bounds integers to what an integer column holds', () => {
    expect(bindParams(schema, bag({ Title: 'x', Page: '2147483647' }))).toMatchObject({ ok: true });
    expect(bindParams(schema, bag({ Title: 'x', Page: '2147483648' }))).toEqual({
      ok: false,
      message: 'صفحه بیش از حد بزرگ است',
    });
    expect(bindParams(schema, bag({ Title: 'x', Page: -2147483649 }))).toEqual({
      ok: false,
      message: 'صفحه کمتر از حد مجاز است',
    });
    expect(bindParams(schema, bag({ Title: 'x', Page: '1e400' }))).toEqual({
      ok: false,
      message: 'صفحه معتبر نیست',
    });
  });
});

describe('answer shapes', () => {
  it('builds the status/message shapes with either spelling', () => {
    expect(ok()).toEqual({ status: 1, message: 'درخواست با موفقیت انجام شد' });
    expect(ok({ id: 5 }, 'messge')).toEqual({ status: 1, messge: 'درخواست با موفقیت انجام شد', id: 5 });
    expect(fail('خطا', 'both')).toEqual({ status: 0, message: 'خطا', messge: 'خطا' });
    expect(listAnswer([1], 9)).toEqual({
      status: 1,
      message: SUCCESS_MESSAGE,
      records: [1],
      record_count: 9,
    });
    expect(listAnswer([], 0, 'totalCount')).toEqual({
      status: 1,
      message: SUCCESS_MESSAGE,
      records: [],
      totalCount: 0,
    });
  });
});
