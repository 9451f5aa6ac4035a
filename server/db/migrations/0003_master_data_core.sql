-- Master data, first resources (src/schemas: banks, accounting, organisation).
-- Every table: tenant_id first in its key and indexes; search_text holds the
-- Persian-normalised search fields for trigram search; trees keep full_name (the path).
CREATE TABLE banks (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  title       text NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX banks_search_idx ON banks USING gin (search_text gin_trgm_ops);

CREATE TABLE bank_accounts (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  bank_fk     integer NOT NULL REFERENCES banks (id),
  number      text NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX bank_accounts_bank_idx ON bank_accounts (tenant_id, bank_fk);
CREATE INDEX bank_accounts_search_idx ON bank_accounts USING gin (search_text gin_trgm_ops);

CREATE TABLE accounts (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  title       text NOT NULL,
  parent_fk   integer REFERENCES accounts (id),
  full_name   text NOT NULL DEFAULT '',
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX accounts_parent_idx ON accounts (tenant_id, parent_fk);
CREATE INDEX accounts_search_idx ON accounts USING gin (search_text gin_trgm_ops);

CREATE TABLE cash_desks (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  title       text NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX cash_desks_search_idx ON cash_desks USING gin (search_text gin_trgm_ops);

CREATE TABLE org_units (
  id                 serial,
  tenant_id          integer NOT NULL REFERENCES tenants (id),
  org_unit_title     text NOT NULL,
  parent_org_unit_fk integer REFERENCES org_units (id),
  is_active          boolean NOT NULL DEFAULT true,
  full_name          text NOT NULL DEFAULT '',
  search_text        text NOT NULL DEFAULT '',
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX org_units_parent_idx ON org_units (tenant_id, parent_org_unit_fk);
CREATE INDEX org_units_search_idx ON org_units USING gin (search_text gin_trgm_ops);

CREATE TABLE org_posts (
  id             serial,
  tenant_id      integer NOT NULL REFERENCES tenants (id),
  org_post_title text NOT NULL,
  org_unit_fk    integer NOT NULL REFERENCES org_units (id),
  is_active      boolean NOT NULL DEFAULT true,
  search_text    text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX org_posts_unit_idx ON org_posts (tenant_id, org_unit_fk);
CREATE INDEX org_posts_search_idx ON org_posts USING gin (search_text gin_trgm_ops);

CREATE TABLE companies (
  id                serial,
  tenant_id         integer NOT NULL REFERENCES tenants (id),
  company_name      text NOT NULL,
  email             text NOT NULL DEFAULT '',
  mobile            text NOT NULL DEFAULT '',
  is_active         boolean NOT NULL DEFAULT true,
  national_id       text NOT NULL DEFAULT '',
  phone             text NOT NULL DEFAULT '',
  postal_code       text NOT NULL DEFAULT '',
  fax               text NOT NULL DEFAULT '',
  address           text NOT NULL DEFAULT '',
  economical_code   text NOT NULL DEFAULT '',
  parent_company_fk integer REFERENCES companies (id),
  search_text       text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX companies_parent_idx ON companies (tenant_id, parent_company_fk);
CREATE INDEX companies_search_idx ON companies USING gin (search_text gin_trgm_ops);

SELECT dabir_fence(t) FROM unnest(ARRAY['banks','bank_accounts','accounts','cash_desks','org_units','org_posts','companies']) AS t;
