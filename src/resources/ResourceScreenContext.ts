// What the parts of a resource screen share: the resource, whether the user may change it,
// and the page's Add / Edit dialog. Any list (generic or hand-written) opens dialogs here.
import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';
import type { Resource } from '../schemas';

export interface ResourceScreenState {
  resource: Resource;
  /** The user holds the resource's permission: add, edit and delete are offered. */
  canWrite: boolean;
  openCreate(): void;
  openEdit(record: RaRecord): void;
}

export const ResourceScreenContext = createContext<ResourceScreenState | null>(null);

export function useResourceScreen(): ResourceScreenState {
  const state = useContext(ResourceScreenContext);
  if (!state) throw new Error('useResourceScreen() is used outside a <ResourcePage>');
  return state;
}
