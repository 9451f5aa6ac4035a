// A resource's whole screen: the list controller (page, size, phrase), the screens' list, and
// one dialog (500–800 px) for Add and Edit. A save closes it and reloads page 1.
import { useCallback, useMemo, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { ListBase, useListContext, type Identifier, type RaRecord } from 'react-admin';
import { useSession } from '../auth';
import type { Resource } from '../schemas';
import { isWideForm } from './form/ResourceInputs';
import { resourceScreens } from './resourceScreens';
import { ResourceScreenContext } from './ResourceScreenContext';
import type { ResourceScreens } from './types';

/** The form sits between the paper and its content: let the content scroll, not the paper. */
const formScroll = { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0 } };

type OpenDialog = { mode: 'create'; key: number } | { mode: 'edit'; key: number; id: Identifier };

function ResourceDialog(props: {
  resource: Resource;
  screens: ResourceScreens;
  dialog: OpenDialog | null;
  open: boolean;
  onClose: () => void;
}) {
  const { resource, screens, dialog, open, onClose } = props;
  const { page, setPage, refetch } = useListContext();
  const mode = dialog?.mode;
  // Back to page 1. A create already refetches the lists (react-admin invalidates them);
  // an update only patches the cached row, whose reference titles may now be stale.
  const onSaved = useCallback(() => {
    onClose();
    if (page !== 1) setPage(1);
    else if (mode === 'edit') void refetch();
  }, [onClose, page, setPage, refetch, mode]);
  if (!dialog) return null;
  const { create: Create, edit: Edit } = screens;
  const titleId = `${resource.name}-dialog-title`;
  return (
    <Dialog
      open={open}
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { width: isWideForm(resource) ? 800 : 560, maxWidth: '95vw', ...formScroll } },
      }}
    >
      <DialogTitle id={titleId}>
        {dialog.mode === 'create' ? `افزودن ${resource.singular}` : `ویرایش ${resource.singular}`}
      </DialogTitle>
      {dialog.mode === 'create' ? (
        <Create key={dialog.key} resource={resource} onSaved={onSaved} onCancel={onClose} />
      ) : (
        <Edit key={dialog.key} resource={resource} id={dialog.id} onSaved={onSaved} onCancel={onClose} />
      )}
    </Dialog>
  );
}

export interface ResourcePageProps {
  resource: Resource;
  /** Defaults to the generic screens of the resource. */
  screens?: ResourceScreens;
}

export function ResourcePage({ resource, screens }: ResourcePageProps) {
  const shown = useMemo(() => screens ?? resourceScreens(resource), [screens, resource]);
  const session = useSession();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [open, setOpen] = useState(false);
  const state = useMemo(
    () => ({
      resource,
      can: {
        create: Boolean(session?.user.permissions.includes(resource.permissionFor('create'))),
        update: Boolean(session?.user.permissions.includes(resource.permissionFor('update'))),
        delete: Boolean(session?.user.permissions.includes(resource.permissionFor('delete'))),
      },
      openCreate: () => {
        setDialog({ mode: 'create', key: Date.now() });
        setOpen(true);
      },
      openEdit: (record: RaRecord) => {
        setDialog({ mode: 'edit', key: Date.now(), id: record.id });
        setOpen(true);
      },
    }),
    [resource, session],
  );
  const close = useCallback(() => setOpen(false), []);
  const List = shown.list;
  return (
    <ListBase
      resource={resource.name}
      perPage={resource.pageSize ?? 10}
      queryOptions={{ onError: (error) => console.warn(`${resource.name}/list`, error) }}
    >
      <ResourceScreenContext.Provider value={state}>
        <List />
        <ResourceDialog resource={resource} screens={shown} dialog={dialog} open={open} onClose={close} />
      </ResourceScreenContext.Provider>
    </ListBase>
  );
}
