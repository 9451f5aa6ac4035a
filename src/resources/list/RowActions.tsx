// The edit and delete icons of a row. Delete asks «آیا اطمینان دارید ؟» (لغو / بله); the
// server's refusal (e.g. «… استفاده شده است») shows in red, success in green and the page reloads.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useDelete, useRecordContext } from 'react-admin';
import { ConfirmDialog } from '../../custom/dashboard/ConfirmDialog';
import { useNotice } from '../../ui/notices';
import { errorText } from '../form/ResourceForms';
import { recordTitle } from '../records';
import { useResourceScreen } from '../ResourceScreenContext';

export function RowActions() {
  const record = useRecordContext();
  const { resource, openEdit } = useResourceScreen();
  const notice = useNotice();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;
  const title = recordTitle(resource, record);

  const confirm = () =>
    remove(
      resource.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notice.success(); // react-admin refetches the list after a delete
        },
        onError: (error) => {
          setConfirming(false);
          notice.error(errorText(error));
        },
      },
    );

  return (
    <>
      <Tooltip title="ویرایش">
        <IconButton
          size="small"
          color="primary"
          aria-label={`ویرایش ${title}`}
          onClick={() => openEdit(record)}
        >
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="حذف">
        <IconButton
          size="small"
          color="error"
          aria-label={`حذف ${title}`}
          onClick={() => setConfirming(true)}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        busy={isPending}
        detail={`${resource.singular} «${title}» حذف می‌شود.`}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </>
  );
}
