/** Who is calling: the live session's user, their tenant and permissions. */
export interface Principal {
  sessionId: number;
  userId: number;
  tenantId: number;
  username: string;
  permissions: Set<string>;
}
