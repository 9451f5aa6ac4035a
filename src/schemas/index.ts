// Every master-data resource, registered once. Adding a resource is one schema file
// and one line here; the server engine and the client screens follow from it.
import type { Resource } from './kit';
import { bank, bankAccount } from './banks';
import { account, cashDesk } from './accounting';
import { company, orgPost, orgUnit } from './organisation';
import { city, province } from './places';
import { person } from './people';
import { blogCategory, contractGroup, customerGroup, projectGroup } from './groups';
import { andikator, archive, favorite, reciveMethod, template } from './correspondence';
import { ece, eceEmail, eceReceiver } from './ece';
import { customer } from './customers';
import { link } from './links';

/** Every resource with its own type: the server's typed database is built from these
 *  (server/db/schema.ts). */
const REGISTERED = [
  bank,
  bankAccount,
  account,
  cashDesk,
  orgUnit,
  orgPost,
  company,
  andikator,
  archive,
  favorite,
  reciveMethod,
  template,
  eceEmail,
  ece,
  province,
  city,
  person,
  customerGroup,
  contractGroup,
  projectGroup,
  blogCategory,
  link,
  customer,
  eceReceiver,
] as const;

export type RegisteredResources = typeof REGISTERED;

/** Every resource as the engine and the screens take them: any resource, known at run time. */
export const RESOURCES: readonly Resource[] = REGISTERED;

export function resourceByName(name: string): Resource | undefined {
  const lower = name.toLowerCase();
  return RESOURCES.find((r) => r.name.toLowerCase() === lower);
}

export * from './kit';
