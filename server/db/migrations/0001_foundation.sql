-- Foundation: tenants, users, sessions, permissions, links, settings, notifications.
-- Every tenant-owned table has tenant_id first in its key and its indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE tenants (
  id          serial PRIMARY KEY,
  full_name   text NOT NULL,
  hosts       text[] NOT NULL DEFAULT '{}',
  is_platform boolean NOT NULL DEFAULT false,
  logo        text NOT NULL DEFAULT '',
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenants_hosts_idx ON tenants USING gin (hosts);

CREATE TABLE users (
  id              serial,
  tenant_id       integer NOT NULL REFERENCES tenants (id),
  username        text NOT NULL,
  password_hash   text NOT NULL,
  first_name      text NOT NULL DEFAULT '',
  last_name       text NOT NULL DEFAULT '',
  mobile          text NOT NULL DEFAULT '',
  mobile_approved boolean NOT NULL DEFAULT false,
  profile_pic     text NOT NULL DEFAULT '',
  sign_pic        text NOT NULL DEFAULT '',
  is_active       boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX users_username_idx ON users (tenant_id, lower(username));

CREATE TABLE sessions (
  id           serial,
  tenant_id    integer NOT NULL REFERENCES tenants (id),
  user_id      integer NOT NULL REFERENCES users (id),
  token_hash   text NOT NULL,
  ip           text NOT NULL DEFAULT '',
  user_agent   text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE UNIQUE INDEX sessions_token_idx ON sessions (token_hash);
CREATE INDEX sessions_user_idx ON sessions (tenant_id, user_id) WHERE revoked_at IS NULL;

CREATE TABLE user_groups (
  id        serial,
  tenant_id integer NOT NULL REFERENCES tenants (id),
  title     text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);

CREATE TABLE user_group_permissions (
  tenant_id  integer NOT NULL,
  group_id   integer NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (tenant_id, group_id, permission)
);

CREATE TABLE user_group_members (
  tenant_id integer NOT NULL,
  group_id  integer NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, group_id, user_id)
);
CREATE INDEX user_group_members_user_idx ON user_group_members (tenant_id, user_id);

CREATE TABLE links (
  id         serial,
  tenant_id  integer NOT NULL REFERENCES tenants (id),
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  caption    text NOT NULL,
  url        text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX links_user_idx ON links (tenant_id, user_id, id);

CREATE TABLE user_settings (
  tenant_id   integer NOT NULL,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  theme_color text NOT NULL DEFAULT '#7B1FA2',
  PRIMARY KEY (tenant_id, user_id)
);

CREATE TABLE notifications (
  id         serial,
  tenant_id  integer NOT NULL,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text NOT NULL,
  url        text NOT NULL DEFAULT '',
  is_read    boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE INDEX notifications_user_idx ON notifications (tenant_id, user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (tenant_id, user_id) WHERE NOT is_read;

CREATE TABLE mobile_approval_codes (
  tenant_id  integer NOT NULL,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, user_id)
);

-- Single-use captcha tokens: a nonce is recorded when used; rows past expiry are swept.
CREATE TABLE captcha_used (
  nonce      text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE server_settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);
