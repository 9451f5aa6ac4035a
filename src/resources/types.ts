// The shape of a resource's screens, as react-admin's own examples export a resource folder
// ({ list, create, edit, icon, recordRepresentation }). The generic engine builds one from a
// `Resource`; a hand-written override has the same shape (often `{ ...resourceScreens(r), list }`).
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { RaRecord } from 'react-admin';
import type { EditScreenProps, FormScreenProps } from './form/ResourceForms';

export type { EditScreenProps, FormScreenProps };

export interface ResourceScreens {
  /** The page body inside the list context: title, help, search, add, table, pager. */
  list: ComponentType;
  /** The Add form, drawn inside the page's dialog. */
  create: ComponentType<FormScreenProps>;
  /** The Edit form of record `id`, drawn inside the page's dialog. */
  edit: ComponentType<EditScreenProps>;
  icon: ComponentType<SvgIconProps>;
  /** How one record is named (selects, confirmations). */
  recordRepresentation: (record: RaRecord) => string;
}
