// The Kysely view of the database. One interface per table; column names are the
// SQL names (snake_case). Tables owned by a tenant carry tenant_id first. The master-data
// tables are not written here: their types come from the resource schemas, as their DDL
// does (src/schemas/resource-types.ts, server/masterdata/tables.ts).
import type { ColumnType, Generated } from 'kysely';
import type { RegisteredResources } from '../../src/schemas';
import type { TablesOf } from '../../src/schemas/resource-types';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantsTable {
  id: Generated<number>;
  full_name: string;
  hosts: string[];
  is_platform: Generated<boolean>;
  logo: Generated<string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  /** Raised whenever a signed-in principal of the tenant stops being true (0010). */
  auth_epoch: Generated<string>;
  /** Raised whenever its archive or favourite folders change: the side menu lists them (0019). */
  menu_epoch: Generated<string>;
}

export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  username: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  mobile: Generated<string>;
  mobile_approved: Generated<boolean>;
  profile_pic: Generated<string>;
  sign_pic: Generated<string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  token_hash: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface UserGroupsTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  is_active: Generated<boolean>;
}

export interface UserGroupPermissionsTable {
  tenant_id: number;
  group_id: number;
  permission: string;
}

export interface UserGroupMembersTable {
  tenant_id: number;
  group_id: number;
  user_id: number;
}

export interface UserSettingsTable {
  tenant_id: number;
  user_id: number;
  theme_color: Generated<string>;
}

export interface NotificationsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  title: string;
  url: Generated<string>;
  is_read: Generated<boolean>;
  created_at: Timestamp;
}

export interface MobileApprovalCodesTable {
  tenant_id: number;
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
}

export interface CaptchaUsedTable {
  nonce: string;
  expires_at: Timestamp;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

/** The tables of the migrations (db/migrations/), written by hand. */
interface CoreTables {
  tenants: TenantsTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_groups: UserGroupsTable;
  user_group_permissions: UserGroupPermissionsTable;
  user_group_members: UserGroupMembersTable;
  user_settings: UserSettingsTable;
  notifications: NotificationsTable;
  mobile_approval_codes: MobileApprovalCodesTable;
  captcha_used: CaptchaUsedTable;
  server_settings: ServerSettingsTable;
}

/**
 * Columns of resource tables that only the resources' hooks know, declared beside them as
 * `storage.columns` (server/masterdata/resource-hooks/). tests/unit/resource-tables.test.ts
 * checks these against the DDL, as it does every generated column.
 */
interface HookColumns {
  persons: { user_fk: number };
  templates: { stored_name: Generated<string> };
}

/** Each resource table with the columns its hooks add. */
type WithHookColumns<Tables> = {
  [T in keyof Tables]: T extends keyof HookColumns ? Tables[T] & HookColumns[T] : Tables[T];
};

/** Table name → row of every table the master-data engine keeps for the registered
 *  resources (src/schemas/index.ts): their own, their search and their join tables. */
export type ResourceTables = WithHookColumns<TablesOf<RegisteredResources>>;

/** The whole database as the server's queries see it. */
export type Database = CoreTables & ResourceTables;
