// The icons of a row: the resource's download link (every reader), then edit and delete (writers;
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
import { answerMessage, http, type ApiAnswer } from '../../api/http';
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

/** Asks the server for a two-minute link to the file (download/link) and opens it, so the
 *  session token never goes into a URL, the browser's history or a log. */
export async function startDownload(url: string) {
  const answer = await http.post<ApiAnswer & { url?: string }>('download/link/', { Url: url });
  if (answer.status !== 1 || !answer.url) throw new Error(answerMessage(answer) || 'دریافت فایل ممکن نشد');
  const link = document.createElement('a');
  link.href = answer.url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

function DownloadLink({ resource, record, title }: { resource: Resource; record: RaRecord; title: string }) {
  const notice = useNotice();
  const url = downloadUrl(resource, record);
  if (!url || !resource.download) return null;
  return (
    <Tooltip title={resource.download.label}>
      <IconButton
        size="small"
        color="primary"
        aria-label={`${resource.download.label} ${title}`}
        onClick={() => startDownload(url).catch((error: unknown) => notice.error(errorText(error)))}
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
