// The typed database (server/db/schema.ts: ResourceTables, built from the resource schemas
// by src/schemas/resource-types.ts) and the DDL the server generates from the same schemas
// (server/masterdata/tables.ts) name the same tables, the same columns and the same NOT
// NULL: COLUMNS below is typed by the former, so the compiler refuses a missing or an extra
// table or column and a wrong nullability, and the test compares it with the latter. (The
// API test schema-tables.test.ts compares the DDL with the live tables.)
import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ResourceTables } from '../../server/db/schema';
import { resourceTableStatements } from '../../server/masterdata/tables';

/** Each column of a table's row type: may it be null? */
type Nullability<Row> = {
  [C in keyof Selectable<Row>]-?: null extends Selectable<Row>[C] ? 'null' : 'not null';
};

const SEARCH_TABLE = { tenant_id: 'not null', id: 'not null', search_text: 'not null' } as const;
const JOIN_TABLE = { tenant_id: 'not null', record_id: 'not null', ref_id: 'not null' } as const;

const COLUMNS: { [T in keyof ResourceTables]: Nullability<ResourceTables[T]> } = {
  banks: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  bank_accounts: {
    id: 'not null',
    tenant_id: 'not null',
    bank_fk: 'not null',
    number: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  accounts: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    parent_fk: 'null',
    full_name: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  cash_desks: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  org_units: {
    id: 'not null',
    tenant_id: 'not null',
    org_unit_title: 'not null',
    parent_org_unit_fk: 'null',
    is_active: 'not null',
    full_name: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  org_posts: {
    id: 'not null',
    tenant_id: 'not null',
    org_post_title: 'not null',
    org_unit_fk: 'not null',
    is_active: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  companies: {
    id: 'not null',
    tenant_id: 'not null',
    company_name: 'not null',
    email: 'not null',
    mobile: 'not null',
    is_active: 'not null',
    national_id: 'not null',
    phone: 'not null',
    postal_code: 'not null',
    fax: 'not null',
    address: 'not null',
    economical_code: 'not null',
    parent_company_fk: 'null',
    logo: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  andikators: {
    id: 'not null',
    tenant_id: 'not null',
    andikator_title: 'not null',
    andikator_pre_fix: 'not null',
    start_number: 'not null',
    last_message_number: 'not null',
    message_type_fk: 'not null',
    is_active: 'not null',
    is_default: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  archives: {
    id: 'not null',
    tenant_id: 'not null',
    archive_title: 'not null',
    parent_fk: 'null',
    full_name: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  favorites: {
    id: 'not null',
    tenant_id: 'not null',
    favorite_title: 'not null',
    parent_fk: 'null',
    full_name: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  recive_methods: {
    id: 'not null',
    tenant_id: 'not null',
    recive_method_title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  templates: {
    id: 'not null',
    tenant_id: 'not null',
    template_name: 'not null',
    is_public: 'not null',
    file_name: 'not null',
    stored_name: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  ece_emails: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    email: 'not null',
    user_name: 'not null',
    password: 'not null',
    input_server: 'not null',
    input_port: 'not null',
    output_server: 'not null',
    output_port: 'not null',
    in_ssl: 'not null',
    out_ssl: 'not null',
    out_tls: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  ece_definitions: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    ece_email_fk: 'not null',
    andikator_fk: 'not null',
    org_post_fk: 'not null',
    is_in: 'not null',
    is_out: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  provinces: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  cities: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    province_fk: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  persons: {
    id: 'not null',
    tenant_id: 'not null',
    pre_title: 'not null',
    first_name: 'not null',
    last_name: 'not null',
    mobile: 'not null',
    national_code: 'not null',
    phone: 'not null',
    email: 'not null',
    is_active: 'not null',
    father_name: 'not null',
    birth_date: 'null',
    gender_fk: 'null',
    province_fk: 'null',
    city_fk: 'null',
    postal_code: 'not null',
    address: 'not null',
    whats_app: 'not null',
    fax: 'not null',
    user_type_fk: 'null',
    parent_company_fk: 'null',
    user_fk: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  customer_groups: {
    id: 'not null',
    tenant_id: 'not null',
    customer_group_title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  contract_groups: {
    id: 'not null',
    tenant_id: 'not null',
    contract_group_title: 'not null',
    contract_type: 'null',
    is_cost: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  project_groups: {
    id: 'not null',
    tenant_id: 'not null',
    project_group_title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  blog_categories: {
    id: 'not null',
    tenant_id: 'not null',
    title: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  links: {
    id: 'not null',
    tenant_id: 'not null',
    user_id: 'not null',
    caption: 'not null',
    url: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  customers: {
    id: 'not null',
    tenant_id: 'not null',
    name: 'not null',
    code: 'not null',
    tell: 'not null',
    mobile: 'not null',
    whats_app: 'not null',
    email: 'not null',
    created_date: 'not null',
    credit_date: 'not null',
    tags: 'not null',
    description: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  ece_receivers: {
    id: 'not null',
    tenant_id: 'not null',
    customer_id: 'not null',
    search_text: 'not null',
    created_at: 'not null',
  },
  banks_search: SEARCH_TABLE,
  bank_accounts_search: SEARCH_TABLE,
  accounts_search: SEARCH_TABLE,
  cash_desks_search: SEARCH_TABLE,
  org_units_search: SEARCH_TABLE,
  org_posts_search: SEARCH_TABLE,
  companies_search: SEARCH_TABLE,
  andikators_search: SEARCH_TABLE,
  archives_search: SEARCH_TABLE,
  favorites_search: SEARCH_TABLE,
  recive_methods_search: SEARCH_TABLE,
  templates_search: SEARCH_TABLE,
  ece_emails_search: SEARCH_TABLE,
  ece_definitions_search: SEARCH_TABLE,
  provinces_search: SEARCH_TABLE,
  cities_search: SEARCH_TABLE,
  persons_search: SEARCH_TABLE,
  customer_groups_search: SEARCH_TABLE,
  contract_groups_search: SEARCH_TABLE,
  project_groups_search: SEARCH_TABLE,
  blog_categories_search: SEARCH_TABLE,
  links_search: SEARCH_TABLE,
  customers_search: SEARCH_TABLE,
  ece_receivers_search: SEARCH_TABLE,
  persons_organ_posts: JOIN_TABLE,
  customers_customer_groups: JOIN_TABLE,
};

/** Table → column → 'null' | 'not null', read from the generated CREATE TABLE statements. */
function generatedTables(): Record<string, Record<string, string>> {
  const tables: Record<string, Record<string, string>> = {};
  for (const statement of resourceTableStatements()) {
    const create = /^CREATE TABLE IF NOT EXISTS "([^"]+)" \(\n([\s\S]*)\n\)$/.exec(statement);
    if (!create) continue;
    const columns = create[2]
      .split(',\n')
      .map((line) => line.trim())
      .filter((line) => !/^(PRIMARY KEY|UNIQUE|FOREIGN KEY)/.test(line));
    tables[create[1]] = Object.fromEntries(
      columns.map((line) => {
        const [name, type] = line.split(/\s+/);
        const notNull = type === 'serial' || line.includes('NOT NULL');
        return [name.replace(/"/g, ''), notNull ? 'not null' : 'null'];
      }),
    );
  }
  return tables;
}

describe('the typed database and the generated tables', () => {
  const generated = generatedTables();

  it('name the same tables', () => {
    expect(Object.keys(COLUMNS).sort()).toEqual(Object.keys(generated).sort());
  });

  it.each(Object.keys(generated))('%s: the same columns, null where the DDL allows it', (table) => {
    expect(COLUMNS[table as keyof ResourceTables]).toEqual(generated[table]);
  });
});
