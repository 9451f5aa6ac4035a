// Host → tenant. The sign-in page sends its host as WebRootPath; other calls carry a
// session that already names the tenant. Hosts are compared without port and "www.".
import type { DB } from '../db/database';

export interface Tenant {
  id: number;
  fullName: string;
  logo: string;
  isPlatform: boolean;
}

export function normalizeHost(host: string | undefined): string {
  if (!host) return '';
  let value = host.trim().toLowerCase();
  value = value.replace(/^[a-z]+:\/\//, '').split('/')[0];
  if (value.startsWith('[')) value = value.slice(0, value.indexOf(']') + 1);
  else value = value.split(':')[0];
  return value.replace(/^www\./, '');
}

const CACHE_MS = 30_000;

/** Resolves hosts with a short cache: the sign-in page asks on every visit. */
export function createTenantDirectory(db: DB) {
  const cache = new Map<string, { tenant: Tenant | null; at: number }>();
  return {
    async byHost(rawHost: string | undefined): Promise<Tenant | null> {
      const host = normalizeHost(rawHost);
      if (!host) return null;
      const hit = cache.get(host);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
      const row = await db
        .selectFrom('tenants')
        .select(['id', 'full_name', 'logo', 'is_platform'])
        .where('is_active', '=', true)
        .where((eb) => eb(eb.val([host]), '<@', eb.ref('hosts')))
        .executeTakeFirst();
      const tenant = row
        ? { id: row.id, fullName: row.full_name, logo: row.logo, isPlatform: row.is_platform }
        : null;
      cache.set(host, { tenant, at: Date.now() });
      return tenant;
    },
    forget() {
      cache.clear();
    },
  };
}

export type TenantDirectory = ReturnType<typeof createTenantDirectory>;
