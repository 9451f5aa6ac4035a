// The current session as React state: re-renders on sign-in, logout, 401 and profile edits.
import { useEffect, useState } from 'react';
import { getSession, onSessionChange, type Session } from '../api/session';

export function useSession(): Session | null {
  const [session, setSession] = useState(getSession);
  useEffect(() => onSessionChange(setSession), []);
  return session;
}
