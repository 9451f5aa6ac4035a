-- Master data of the correspondence area (src/schemas/correspondence.ts, ece.ts):
-- numbering schemes, archive and favourite folders, receive methods, letter templates,
-- ECE mailboxes and definitions. Same shape as 0003: tenant_id first in keys and
-- indexes, search_text with a trigram index, full_name for trees, the RLS fence.
CREATE TABLE andikators (
  id                  serial,
  tenant_id           integer NOT NULL REFERENCES tenants (id),
  andikator_title     text NOT NULL,
  andikator_pre_fix   text NOT NULL DEFAULT '',
  start_number        integer NOT NULL DEFAULT 1,
  last_message_number integer NOT NULL DEFAULT 0,
  message_type_fk     integer NOT NULL CHECK (message_type_fk IN (4, 5, 6)),
  is_active           boolean NOT NULL DEFAULT true,
  is_default          boolean NOT NULL DEFAULT false,
  search_text         text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX andikators_type_idx ON andikators (tenant_id, message_type_fk);
-- One default numbering scheme per letter type (the hook clears the others first).
CREATE UNIQUE INDEX andikators_one_default_idx ON andikators (tenant_id, message_type_fk) WHERE is_default;
CREATE INDEX andikators_search_idx ON andikators USING gin (search_text gin_trgm_ops);

CREATE TABLE archives (
  id            serial,
  tenant_id     integer NOT NULL REFERENCES tenants (id),
  archive_title text NOT NULL,
  parent_fk     integer REFERENCES archives (id),
  full_name     text NOT NULL DEFAULT '',
  search_text   text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX archives_parent_idx ON archives (tenant_id, parent_fk);
CREATE INDEX archives_search_idx ON archives USING gin (search_text gin_trgm_ops);

CREATE TABLE favorites (
  id             serial,
  tenant_id      integer NOT NULL REFERENCES tenants (id),
  favorite_title text NOT NULL,
  parent_fk      integer REFERENCES favorites (id),
  full_name      text NOT NULL DEFAULT '',
  search_text    text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX favorites_parent_idx ON favorites (tenant_id, parent_fk);
CREATE INDEX favorites_search_idx ON favorites USING gin (search_text gin_trgm_ops);

CREATE TABLE recive_methods (
  id                  serial,
  tenant_id           integer NOT NULL REFERENCES tenants (id),
  recive_method_title text NOT NULL,
  search_text         text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX recive_methods_search_idx ON recive_methods USING gin (search_text gin_trgm_ops);

-- stored_name: the file in DATA_DIR/files/{tenant}/templates/; '' for the built-in
-- (seeded, public) template, whose document is generated in code.
CREATE TABLE templates (
  id            serial,
  tenant_id     integer NOT NULL REFERENCES tenants (id),
  template_name text NOT NULL,
  is_public     boolean NOT NULL DEFAULT false,
  file_name     text NOT NULL DEFAULT '',
  stored_name   text NOT NULL DEFAULT '',
  search_text   text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX templates_search_idx ON templates USING gin (search_text gin_trgm_ops);

-- password: AES-256-GCM ciphertext (resource-hooks/eceemail.ts), never the clear text.
CREATE TABLE ece_emails (
  id            serial,
  tenant_id     integer NOT NULL REFERENCES tenants (id),
  title         text NOT NULL,
  email         text NOT NULL,
  user_name     text NOT NULL,
  password      text NOT NULL,
  input_server  text NOT NULL,
  input_port    integer NOT NULL,
  output_server text NOT NULL,
  output_port   integer NOT NULL,
  in_ssl        boolean NOT NULL DEFAULT true,
  out_ssl       boolean NOT NULL DEFAULT true,
  out_tls       boolean NOT NULL DEFAULT true,
  search_text   text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX ece_emails_search_idx ON ece_emails USING gin (search_text gin_trgm_ops);

CREATE TABLE ece_definitions (
  id           serial,
  tenant_id    integer NOT NULL REFERENCES tenants (id),
  title        text NOT NULL,
  ece_email_fk integer NOT NULL REFERENCES ece_emails (id),
  andikator_fk integer NOT NULL REFERENCES andikators (id),
  org_post_fk  integer NOT NULL REFERENCES org_posts (id),
  is_in        boolean NOT NULL DEFAULT true,
  is_out       boolean NOT NULL DEFAULT true,
  search_text  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX ece_definitions_email_idx ON ece_definitions (tenant_id, ece_email_fk);
CREATE INDEX ece_definitions_andikator_idx ON ece_definitions (tenant_id, andikator_fk);
CREATE INDEX ece_definitions_post_idx ON ece_definitions (tenant_id, org_post_fk);
CREATE INDEX ece_definitions_search_idx ON ece_definitions USING gin (search_text gin_trgm_ops);

SELECT dabir_fence(t) FROM unnest(ARRAY['andikators','archives','favorites','recive_methods','templates',
  'ece_emails','ece_definitions']) AS t;
