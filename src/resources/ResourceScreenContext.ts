// What the parts of a resource screen share: the resource, whether the user may change it,
// and the page's Add / Edit dialog. Any list (generic or hand-written) opens dialogs here.
import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';
import type { Resource } from '../schemas';

export interface ResourceScreenState {
  resource: Resource;
  /** Which of add, edit and delete the user's permissions offer (resource.permissionFor). */
  can: { create: boolean; update: boolean; delete: boolean };
  openCreate(): void;
  openEdit(record: RaRecord): void;
}

export const ResourceScreenContext = createContext<ResourceScreenState | null>(null);

export function useResourceScreen(): ResourceScreenState {
  const state = useContext(ResourceScreenContext);
  if (!state) throw new Error('useResourceScreen() is used outside a <ResourcePage>');
  return state;
}
