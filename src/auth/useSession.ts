// The current session as React state: re-renders on sign-in, logout, 401 and profile edits.
import { useEffect, useState } from 'react';
import { getSession, onSessionChange, type Session } from '../api/session';

export function useSession(): Session | null {
  const [session, setSession] = useState(getSession);
  useEffect(() => onSessionChange(setSession), []);
  return session;
}

const NONE: readonly string[] = [];

/** The signed-in user's permissions as React state: they follow the session, which the
 *  side menu's answer refreshes (a role changed since sign-in). */
export function usePermissions(): readonly string[] {
  return useSession()?.user.permissions ?? NONE;
}
