-- People, groups and places (src/schemas: places, people, groups). Each person is a user
-- of the tenant (persons.user_fk); a person's role names are that user's user groups.
-- Same shape as 0003: tenant_id first in keys and indexes, search_text with a trigram index.
CREATE TABLE provinces (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  title       text NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX provinces_search_idx ON provinces USING gin (search_text gin_trgm_ops);

CREATE TABLE cities (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  title       text NOT NULL,
  province_fk integer NOT NULL REFERENCES provinces (id),
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX cities_province_idx ON cities (tenant_id, province_fk);
CREATE INDEX cities_search_idx ON cities USING gin (search_text gin_trgm_ops);

CREATE TABLE persons (
  id                serial,
  tenant_id         integer NOT NULL REFERENCES tenants (id),
  user_fk           integer NOT NULL REFERENCES users (id),
  pre_title         text NOT NULL DEFAULT '',
  first_name        text NOT NULL,
  last_name         text NOT NULL,
  mobile            text NOT NULL,
  national_code     text NOT NULL DEFAULT '',
  phone             text NOT NULL DEFAULT '',
  email             text NOT NULL DEFAULT '',
  is_active         boolean NOT NULL DEFAULT true,
  father_name       text NOT NULL DEFAULT '',
  birth_date        date,
  gender_fk         integer,
  province_fk       integer REFERENCES provinces (id),
  city_fk           integer REFERENCES cities (id),
  postal_code       text NOT NULL DEFAULT '',
  address           text NOT NULL DEFAULT '',
  whats_app         boolean NOT NULL DEFAULT true,
  fax               text NOT NULL DEFAULT '',
  user_type_fk      integer,
  parent_company_fk integer REFERENCES companies (id),
  search_text       text NOT NULL DEFAULT '',
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX persons_mobile_idx ON persons (tenant_id, mobile);
CREATE UNIQUE INDEX persons_user_idx ON persons (tenant_id, user_fk);
CREATE INDEX persons_province_idx ON persons (tenant_id, province_fk);
CREATE INDEX persons_city_idx ON persons (tenant_id, city_fk);
CREATE INDEX persons_company_idx ON persons (tenant_id, parent_company_fk);
CREATE INDEX persons_search_idx ON persons USING gin (search_text gin_trgm_ops);

-- A person's organisational posts. Deleting a post takes it off the people who held it.
CREATE TABLE person_org_posts (
  tenant_id   integer NOT NULL,
  person_fk   integer NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
  org_post_fk integer NOT NULL REFERENCES org_posts (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, person_fk, org_post_fk)
);
CREATE INDEX person_org_posts_post_idx ON person_org_posts (tenant_id, org_post_fk);

CREATE TABLE customer_groups (
  id                   serial,
  tenant_id            integer NOT NULL REFERENCES tenants (id),
  customer_group_title text NOT NULL,
  search_text          text NOT NULL DEFAULT '',
  created_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX customer_groups_search_idx ON customer_groups USING gin (search_text gin_trgm_ops);

CREATE TABLE contract_groups (
  id                   serial,
  tenant_id            integer NOT NULL REFERENCES tenants (id),
  contract_group_title text NOT NULL,
  contract_type        integer NOT NULL DEFAULT 1,
  is_cost              boolean NOT NULL DEFAULT false,
  search_text          text NOT NULL DEFAULT '',
  created_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX contract_groups_search_idx ON contract_groups USING gin (search_text gin_trgm_ops);

CREATE TABLE project_groups (
  id                  serial,
  tenant_id           integer NOT NULL REFERENCES tenants (id),
  project_group_title text NOT NULL,
  search_text         text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX project_groups_search_idx ON project_groups USING gin (search_text gin_trgm_ops);

CREATE TABLE blog_categories (
  id          serial,
  tenant_id   integer NOT NULL REFERENCES tenants (id),
  title       text NOT NULL,
  search_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX blog_categories_search_idx ON blog_categories USING gin (search_text gin_trgm_ops);

SELECT dabir_fence(t) FROM unnest(ARRAY['provinces','cities','persons','person_org_posts',
  'customer_groups','contract_groups','project_groups','blog_categories']) AS t;
