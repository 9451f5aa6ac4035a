/** Who is calling: the live session's user, their tenant and permissions. */
export interface Principal {
  sessionId: number;
  userId: number;
  tenantId: number;
  username: string;
  permissions: Set<string>;
  /** The tenant's sign-in epoch when this was looked up (auth/principal-cache.ts). */
  authEpoch?: string;
}
