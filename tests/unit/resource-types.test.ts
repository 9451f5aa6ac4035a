// A resource definition keeps its field types (kit.ts, resource-types.ts): every place a
// definition names a field accepts only that resource's field names, and the record and
// table types follow from the fields. The `@ts-expect-error` lines are checked by
// `npm run typecheck` (each must be an error, or the check fails); `expectTypeOf` is
// checked there too. The runtime assertions show the types say what the code does.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { ResourceHooks } from '../../server/masterdata/hooks';
import { dateOrder, defineResource, f } from '../../src/schemas/kit';
import type { InputOf, RecordOf, TableOf } from '../../src/schemas/resource-types';
import { customer } from '../../src/schemas/customers';
import { ece, eceEmail } from '../../src/schemas/ece';
import { person } from '../../src/schemas/people';
import { link } from '../../src/schemas/links';
import { orgUnit } from '../../src/schemas/organisation';

/** The parts of a definition that name no field. */
const base = {
  name: 'sample',
  route: '/samples',
  title: 'نمونه‌ها',
  singular: 'نمونه',
  table: 'samples',
  idField: 'sampleId',
  permission: 'Customers',
} as const;

const fields = {
  title: f.title('عنوان'),
  code: f.text('کد'),
  from: f.date('از'),
  to: f.date('تا'),
  isFixed: f.boolean('ثابت'),
  ownerFk: f.reference('مالک', 'person'),
  provinceFk: f.reference('استان', 'province'),
} as const;

describe('a definition names only its own fields', () => {
  it('accepts its field names everywhere a field is named', () => {
    const sample = defineResource({
      ...base,
      fields: {
        ...fields,
        cityFk: f.reference('شهر', 'city', { narrowedBy: { field: 'provinceFk', filter: 'parentId' } }),
      },
      titleFields: ['title', 'code'],
      unique: [['code'], ['title', 'ownerFk']],
      filters: { ownerId: 'ownerFk' },
      parent: { field: 'ownerFk' },
      lockedWhen: { field: 'isFixed', reason: 'ثابت است' },
      rules: [dateOrder('from', 'to', 'بازه نادرست است')],
    });
    expect(sample.titleFieldNames()).toEqual(['title', 'code']);
    expect(sample.rules?.[0].reads).toEqual(['from', 'to']);
    expect(sample.column('ownerFk')).toBe('owner_fk');
    expect(sample.inputName('ownerFk')).toBe('OwnerFk');
    expectTypeOf(sample.column('ownerFk')).toEqualTypeOf<'owner_fk'>();
    expectTypeOf(sample.inputName('ownerFk')).toEqualTypeOf<'OwnerFk'>();
  });

  it('refuses a misspelt name in every place, at compile time', () => {
    // The definitions are built at run time too: nothing checks names there, only the compiler.
    const built = [
      defineResource({
        ...base,
        fields,
        // @ts-expect-error a title field that is not a field
        titleFields: ['titel'],
      }),
      defineResource({
        ...base,
        fields,
        // @ts-expect-error a unique key over a field that does not exist
        unique: [['cod']],
      }),
      defineResource({
        ...base,
        fields,
        // @ts-expect-error a filter on a field that does not exist
        filters: { ownerId: 'owner' },
      }),
      defineResource({
        ...base,
        fields,
        // @ts-expect-error the parent must be a reference field
        parent: { field: 'code' },
      }),
      defineResource({
        ...base,
        fields,
        // @ts-expect-error a lock must be a boolean field
        lockedWhen: { field: 'title', reason: '' },
      }),
      defineResource({
        ...base,
        fields,
        // @ts-expect-error a rule reading a field that does not exist
        rules: [dateOrder('fromDate', 'to', '')],
      }),
      defineResource({
        ...base,
        fields: {
          ...fields,
          // @ts-expect-error narrowed by a field that does not exist
          cityFk: f.reference('شهر', 'city', { narrowedBy: { field: 'province', filter: 'parentId' } }),
        },
      }),
    ];
    // @ts-expect-error the methods take only field names too
    expect(customer.column('nam')).toBe('nam');
    expect(built).toHaveLength(7);
  });
});

describe('the record a resource answers', () => {
  it('has the id under its id name, the shown fields with their values, and references’ names', () => {
    type Customer = RecordOf<typeof customer>;
    expectTypeOf<Customer['customerId']>().toEqualTypeOf<number>();
    expectTypeOf<Customer['name']>().toEqualTypeOf<string>();
    expectTypeOf<Customer['tell']>().toEqualTypeOf<string>(); // text is '' when empty
    expectTypeOf<Customer['createdDate']>().toEqualTypeOf<string>(); // required
    expectTypeOf<Customer['customerGroups']>().toEqualTypeOf<number[]>();
    expectTypeOf<Customer['whatsApp']>().toEqualTypeOf<boolean>();

    type Person = RecordOf<typeof person>;
    expectTypeOf<Person['birthDate']>().toEqualTypeOf<string | null>(); // optional
    expectTypeOf<Person['cityFk']>().toEqualTypeOf<number | null>();
    expectTypeOf<Person['cityFkTitle']>().toEqualTypeOf<string | null>();
    expectTypeOf<Person>().not.toHaveProperty('passWord'); // write-only and virtual
    expectTypeOf<Person>().not.toHaveProperty('roleNames'); // virtual
    expectTypeOf<RecordOf<typeof eceEmail>>().not.toHaveProperty('password'); // write-only
    expectTypeOf<RecordOf<typeof orgUnit>['fullName']>().toEqualTypeOf<string>(); // a tree

    type PersonInput = InputOf<typeof person>;
    expectTypeOf<PersonInput['RoleNames']>().toEqualTypeOf<string[] | null | undefined>();
    expect(person.inputName('roleNames')).toBe('RoleNames');
  });
});

describe('the row of a resource’s table', () => {
  it('spells a column name as the engine does', () => {
    const odd = defineResource({
      ...base,
      fields: { eCEEmailFk: f.number('الف'), inSSl: f.boolean('ب'), v2Code: f.text('پ'), URLs: f.text('ت') },
    });
    const columns = [odd.column('eCEEmailFk'), odd.column('inSSl'), odd.column('v2Code'), odd.column('URLs')];
    expect(columns).toEqual(['e_ceemail_fk', 'in_ssl', 'v2_code', 'urls']);
    expectTypeOf(columns).toEqualTypeOf<Array<'e_ceemail_fk' | 'in_ssl' | 'v2_code' | 'urls'>>();
  });

  it('names columns as tables.ts does: snake_case or the field’s own column, no join-table fields', () => {
    type Ece = TableOf<typeof ece>;
    expectTypeOf<Ece>().toHaveProperty('is_in'); // column: 'is_in'
    expectTypeOf<Ece>().toHaveProperty('ece_email_fk'); // column: 'ece_email_fk'
    expectTypeOf<Ece>().not.toHaveProperty('in');
    expect([ece.column('in'), ece.column('eCEEmailFk')]).toEqual(['is_in', 'ece_email_fk']);

    type Customer = TableOf<typeof customer>;
    expectTypeOf<Customer['created_date']>().toEqualTypeOf<Customer['credit_date']>();
    expectTypeOf<Customer>().not.toHaveProperty('customer_groups'); // a join table
    expectTypeOf<Customer['whats_app']>().toEqualTypeOf<Generated<boolean>>();
    expectTypeOf<Customer['name']>().toEqualTypeOf<string>(); // required: always written
    expectTypeOf<Customer['tell']>().toEqualTypeOf<Generated<string>>(); // DEFAULT ''
    expect(customer.isColumn('customerGroups')).toBe(false);

    expectTypeOf<TableOf<typeof person>['city_fk']>().toEqualTypeOf<number | null>();
    expectTypeOf<TableOf<typeof person>>().not.toHaveProperty('role_names'); // virtual
    expectTypeOf<TableOf<typeof orgUnit>>().toHaveProperty('full_name'); // a tree
    expectTypeOf<TableOf<typeof link>['user_id']>().toEqualTypeOf<number>(); // owned by a user
    expectTypeOf<TableOf<typeof customer>>().not.toHaveProperty('user_id');
  });
});

describe('hooks and queries over the typed database', () => {
  it('give a resource’s hooks its own columns, stored row, request and record', async () => {
    const seen: unknown[] = [];
    // Not registered: typed as person's hooks are, and called here by hand.
    const hooks: ResourceHooks<typeof person> = {
      async beforeSave({ values, existing, input }) {
        values.first_name = 'سارا';
        values.user_fk = 7; // a column person's hooks keep (server/db/schema.ts HookColumns)
        // @ts-expect-error no such column
        values.first_nam = 'سارا';
        expectTypeOf(existing?.city_fk).toEqualTypeOf<number | null | undefined>();
        expectTypeOf(input.RoleNames).toEqualTypeOf<string[] | null | undefined>();
        seen.push(values);
      },
      async extendGet({ record }) {
        expectTypeOf(record.id).toEqualTypeOf<number>(); // person's idField is `id`
        // @ts-expect-error a write-only field is not in the record
        seen.push(record.passWord);
        return {};
      },
    };
    type PersonSave = Parameters<NonNullable<typeof hooks.beforeSave>>[0];
    await hooks.beforeSave!({ values: {}, input: {} } as PersonSave);
    expect(seen).toEqual([{ first_name: 'سارا', user_fk: 7, first_nam: 'سارا' }]);
  });

  it('checks queries’ tables and columns', () => {
    const query = (db: Kysely<Database>) => [
      db.selectFrom('persons').select(['user_fk', 'first_name']),
      db.selectFrom('customers_customer_groups').select('ref_id'), // a join table
      // @ts-expect-error a misspelt column
      db.selectFrom('persons').select('frist_name'),
      // @ts-expect-error a field kept in a join table is no column
      db.selectFrom('customers').select('customer_groups'),
      // @ts-expect-error a required column left out of an insert
      db.insertInto('recive_methods').values({ tenant_id: 1 }),
    ];
    expect(query).toBeTypeOf('function');
  });
});
