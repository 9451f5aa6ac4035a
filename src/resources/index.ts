// The generic master-data screens (one engine for every `Resource` of src/schemas):
// `resourceScreens(resource)` → { list, create, edit, icon, recordRepresentation };
// `<ResourcePage resource screens?>` draws them (list controller, Add/Edit dialog);
// `screenAt(route)` is what src/routes.ts lazily loads for a resource's route.
export { resourceScreens } from './resourceScreens';
export { ResourcePage, type ResourcePageProps } from './ResourcePage';
export { useResourceScreen, type ResourceScreenState } from './ResourceScreenContext';
export { ResourceInputs } from './form/ResourceInputs';
export { ResourceCreate, ResourceEdit } from './form/ResourceForms';
export { ResourceList } from './list/ResourceList';
export { ResourceTable } from './list/ResourceTable';
export { recordTitle, titleField, useResourceChoices } from './records';
export { screenAt } from './routeScreen';
export type { EditScreenProps, FormScreenProps, ResourceScreens } from './types';
