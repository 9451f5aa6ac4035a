// The generic screens of any resource, built from its definition alone.
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import type { Resource } from '../schemas';
import { ResourceCreate, ResourceEdit } from './form/ResourceForms';
import { ResourceList } from './list/ResourceList';
import { recordTitle } from './records';
import type { ResourceScreens } from './types';

export function resourceScreens(resource: Resource): ResourceScreens {
  return {
    list: ResourceList,
    create: ResourceCreate,
    edit: ResourceEdit,
    icon: TableRowsOutlined,
    recordRepresentation: (record) => recordTitle(resource, record),
  };
}
