// The fixed lists of spec 3 §7 (`enum/...`, answered as {status, records: [{id, value}]})
// and the role names a person may hold. For signed-in users of any permission.
//
// Values the specification names: payment methods (fixed date 0, daily 1, yearly 2,
// monthly 3, weekly 4) and contract types. The rest are our choices, kept beside the
// schemas that use them (src/schemas/people.ts, groups.ts):
// - usertype: 1 system administrator, 2 manager, 3 employee (user groups flag managers
//   as userType2 and employees as userType3);
// - paymenttypes: how a contract payment is paid or guaranteed (cash, cheque, transfer,
//   bank guarantee, promissory note);
// - coefficient: what a contract supplement does (increase, decrease, adjustment, deductions);
// - activitytype: meeting, phone call, correspondence, visit, delivery, other;
// - sslredirects / wwwredirects (a tenant's domain): 0 none, then the two directions.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { roleNames } from '../masterdata/resource-hooks/person';
import { USER_TYPES } from '../../src/schemas/people';
import {
  ACTIVITY_TYPES,
  COEFFICIENT_TYPES,
  CONTRACT_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
} from '../../src/schemas/groups';

export const SSL_REDIRECTS = [
  { id: 0, value: 'بدون انتقال' },
  { id: 1, value: 'انتقال از http به https' },
  { id: 2, value: 'انتقال از https به http' },
] as const;

export const WWW_REDIRECTS = [
  { id: 0, value: 'بدون انتقال' },
  { id: 1, value: 'افزودن www به نشانی' },
  { id: 2, value: 'حذف www از نشانی' },
] as const;

export const ENUMS: Record<string, ReadonlyArray<{ id: number; value: string }>> = {
  usertype: USER_TYPES,
  coefficient: COEFFICIENT_TYPES,
  activitytype: ACTIVITY_TYPES,
  paymenttypes: PAYMENT_TYPES,
  paymentmethods: PAYMENT_METHODS,
  contracttypes: CONTRACT_TYPES,
  sslredirects: SSL_REDIRECTS,
  wwwredirects: WWW_REDIRECTS,
};

export function registerLookupRoutes(app: FastifyInstance, services: Services) {
  for (const [name, options] of Object.entries(ENUMS)) {
    userRoute(app, services, {
      method: 'GET',
      path: `enum/${name}`,
      params: z.object({}),
      handler: async () => ok({ records: options.map(({ id, value }) => ({ id, value })) }),
    });
  }

  userRoute(app, services, {
    method: 'GET',
    path: 'person/allrolenames',
    params: z.object({}),
    handler: async ({ principal }) => {
      const names = await roleNames(services.db, principal.tenantId);
      // `records` as every choice list answers, for the role picker (FieldMeta.choicesFrom).
      return ok({ allRoleNames: names, records: names.map((name) => ({ id: name, value: name })) });
    },
  });
}
