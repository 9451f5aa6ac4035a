// Add and Edit of one record, drawn inside the page's dialog (ResourceDialog). Both use the
// same inputs; a status-0 answer shows the server's message in red and keeps the form open;
// success shows the green notice and hands over to `onSaved` (close, reload page 1).
import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import SaveIcon from '@mui/icons-material/Save';
import { CreateBase, EditBase, Form, useRecordContext, useSaveContext, type Identifier } from 'react-admin';
import type { Resource } from '../../schemas';
import { useNotice } from '../../ui/notices';
import { FormErrorSummary } from './FormErrorSummary';
import { ResourceInputs } from './ResourceInputs';
import { defaultValues, recordRules, type FormMode } from './validation';

export interface FormScreenProps {
  resource: Resource;
  onSaved: () => void;
  onCancel: () => void;
}

export interface EditScreenProps extends FormScreenProps {
  id: Identifier;
}

export const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : '') || 'خطا در انجام درخواست';

function useSaveOptions(onSaved: () => void) {
  const notice = useNotice();
  return useMemo(
    () => ({
      onSuccess: () => {
        notice.success();
        onSaved();
      },
      onError: (error: unknown) => notice.error(errorText(error)),
    }),
    [notice, onSaved],
  );
}

/** Always clickable (an empty Add shows what is required), except while saving. */
function SubmitButton() {
  const { saving } = useSaveContext();
  return (
    <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
      ذخیره
    </Button>
  );
}

function FormBody({
  resource,
  mode,
  onCancel,
}: {
  resource: Resource;
  mode: FormMode;
  onCancel: () => void;
}) {
  return (
    <>
      <DialogContent dividers>
        <ResourceInputs resource={resource} mode={mode} />
      </DialogContent>
      <FormErrorSummary />
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1 }}>
        <Button onClick={onCancel}>لغو</Button>
        <SubmitButton />
      </DialogActions>
    </>
  );
}

const Pending = () => (
  <DialogContent>
    <LinearProgress />
  </DialogContent>
);

const LoadError = ({ children }: { children: ReactNode }) => (
  <DialogContent>
    <Alert severity="error">{children}</Alert>
  </DialogContent>
);

export function ResourceCreate({ resource, onSaved, onCancel }: FormScreenProps) {
  const mutationOptions = useSaveOptions(onSaved);
  const defaults = useMemo(() => defaultValues(resource), [resource]);
  return (
    <CreateBase resource={resource.name} redirect={false} mutationOptions={mutationOptions}>
      <Form
        defaultValues={defaults}
        validate={recordRules(resource, 'create')}
        disableInvalidFormNotification
      >
        <FormBody resource={resource} mode="create" onCancel={onCancel} />
      </Form>
    </CreateBase>
  );
}

export function ResourceEdit({ resource, id, onSaved, onCancel }: EditScreenProps) {
  const mutationOptions = useSaveOptions(onSaved);
  return (
    <EditBase
      resource={resource.name}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      redirectOnError={false}
      mutationOptions={mutationOptions}
      queryOptions={{ onError: () => undefined }}
      loading={<Pending />}
      error={<LoadError>{`این ${resource.singular} پیدا نشد`}</LoadError>}
    >
      <EditForm resource={resource} onCancel={onCancel} />
    </EditBase>
  );
}

/** The edit form, its whole-record rules knowing the record as it was loaded. */
function EditForm({ resource, onCancel }: { resource: Resource; onCancel: () => void }) {
  const stored = useRecordContext();
  return (
    <Form validate={recordRules(resource, 'edit', stored)} disableInvalidFormNotification>
      <FormBody resource={resource} mode="edit" onCancel={onCancel} />
    </Form>
  );
}
