// The icons of a row: the resource's download (every reader; a refusal shows in red), then edit and delete (writers;
// a locked row shows a lock with the reason instead). Delete asks «آیا اطمینان دارید ؟» (لغو / بله);
// the server's refusal (e.g. «… استفاده شده است») shows in red, success in green and the page reloads.
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useDelete, useRecordContext, type RaRecord } from 'react-admin';
import { downloadFile, type DownloadProgress } from '../../api/download';
import type { Resource } from '../../schemas';
import { ConfirmDialog } from '../../custom/dashboard/ConfirmDialog';
import { useNotice } from '../../ui/notices';
import { errorText } from '../form/ResourceForms';
import { recordTitle } from '../records';
import { useResourceScreen } from '../ResourceScreenContext';

/** `/api/{path}?{idParam}={id}`: the call that sends a row's file (without the session). */
export function downloadUrl(resource: Resource, record: RaRecord): string | undefined {
  if (!resource.download) return undefined;
  const { path, idParam } = resource.download;
  return `/api/${path}?${new URLSearchParams({ [idParam]: String(record.id) }).toString()}`;
}

/** Fetches the file (the session token in a header, never in a URL) and saves it under
 *  the server's name; throws the server's Persian refusal (api/download.ts). */
export function startDownload(url: string, onProgress?: DownloadProgress) {
  return downloadFile(url, onProgress);
}

function DownloadLink({ resource, record, title }: { resource: Resource; record: RaRecord; title: string }) {
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const url = downloadUrl(resource, record);
  if (!url || !resource.download) return null;
  // A second click while the file comes would fetch it twice (a disabled button inside a
  // tooltip would hide the tooltip).
  const download = () => {
    if (busy) return;
    setBusy(true);
    startDownload(url)
      .catch((error: unknown) => notice.error(errorText(error)))
      .finally(() => setBusy(false));
  };
  return (
    <Tooltip title={resource.download.label}>
      <IconButton
        size="small"
        color="primary"
        aria-label={`${resource.download.label} ${title}`}
        aria-busy={busy}
        onClick={download}
      >
        <DownloadOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export function RowActions() {
  const record = useRecordContext();
  const { resource, can, openEdit } = useResourceScreen();
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

  const download = <DownloadLink resource={resource} record={record} title={title} />;
  if (!can.update && !can.delete) return download;
  const lock = resource.lockedWhen;
  if (lock && record[lock.field])
    return (
      <>
        {download}
        <Tooltip title={lock.reason}>
          <span
            role="img"
            aria-label={lock.reason}
            style={{ display: 'inline-flex', verticalAlign: 'middle', padding: 5 }}
          >
            <LockOutlined fontSize="small" color="disabled" />
          </span>
        </Tooltip>
      </>
    );

  return (
    <>
      {download}
      {can.update && (
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
      )}
      {can.delete && (
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
      )}
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
