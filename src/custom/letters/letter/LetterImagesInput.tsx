// The drop zone for a letter's pictures (spec 1 §2: several at once, jpg, jpeg, png
// only), in the letter's attachments tab and the forward / reply dialog. It holds the
// server's limits (src/shared/uploads.ts), so a file the server would refuse is refused
// at the drop with the server's sentence, before its bytes travel (a renamed PDF too: its
// first bytes are read); more files than one save carries stop the save with a message
// under the zone. A file is judged by its bytes and its type, not its name: a PNG named
// «image» (no extension, no type) is the server's to take, as it does, by its bytes. To a
// screen reader the zone is a button «افزودن …» and each file's remove button names the file.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FileInput, ImageField, useRecordContext, type FileInputProps } from 'react-admin';
import {
  attachmentLabel,
  imageTooLargeMessage,
  MAX_FILES_PER_REQUEST,
  MAX_IMAGE_BYTES,
  notALetterImageMessage,
  TOO_MANY_FILES_MESSAGE,
} from '../../../shared/uploads';
import { useNotice } from '../../../ui/notices';
import type { PendingFile } from './letterForm';
import { fileSizeText, IMAGE_SIGNATURE_BYTES, isLetterImageBytes } from './letterImageFiles';

/** What the file dialog offers first. Not react-dropzone's `accept`: that judges a file by
 *  its type or else its extension, and refused a PNG named «image», whose type is empty. */
const PICKER_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
const LETTER_IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
/** Types that say nothing of a file: none (a name without an extension) or the generic one. */
const UNTOLD_TYPES = new Set(['', 'application/octet-stream']);

type DropzoneOptions = NonNullable<FileInputProps['options']>;
/** react-dropzone's account of a refused file (its type, through react-admin's props). */
type FileRejection = Parameters<NonNullable<DropzoneOptions['onDropRejected']>>[0][number];
/** What react-dropzone reads the files from: a drop, a drag over the zone, the file dialog. */
type DropEvent = Parameters<NonNullable<DropzoneOptions['getFilesFromEvent']>>[0];

/** Files whose first bytes are not a jpg or png (a PDF named fake.jpg): refused at the drop. */
const notImages = new WeakSet<object>();
const NOT_AN_IMAGE = 'not-an-image';

async function markNotImages(files: File[]): Promise<File[]> {
  await Promise.all(
    files.map(async (file) => {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
      } catch {
        // Not readable here (no Blob.arrayBuffer, as in jsdom): the server still reads it.
        return;
      }
      if (!isLetterImageBytes(bytes)) notImages.add(file);
    }),
  );
  return files;
}

/**
 * The files of a drop or of the file dialog, each read for its first bytes before
 * react-dropzone checks it; while a drag is over the zone only the items' kinds are known.
 */
async function filesOf(event: DropEvent): Promise<Array<File | DataTransferItem>> {
  if (Array.isArray(event)) return markNotImages(await Promise.all(event.map((handle) => handle.getFile())));
  const transfer = 'dataTransfer' in event ? event.dataTransfer : null;
  if (transfer) {
    if (event.type !== 'drop') return Array.from(transfer.items).filter((item) => item.kind === 'file');
    return markNotImages(Array.from(transfer.files));
  }
  const input = event.target as HTMLInputElement | null;
  return markNotImages(Array.from(input?.files ?? []));
}

/** After react-dropzone's size check: a known type other than jpg/png is refused, and so are
 *  first bytes (read in filesOf) that are not a picture's; a file of no type whose bytes
 *  could not be read goes on to the server, which reads them. */
const isLetterImage: DropzoneOptions['validator'] = (file) =>
  notImages.has(file) || !(UNTOLD_TYPES.has(file.type) || LETTER_IMAGE_TYPES.has(file.type))
    ? { code: NOT_AN_IMAGE, message: NOT_AN_IMAGE }
    : null;

/** Why the drop zone turned a file away, as the server would have said it. */
function rejectionMessage({ file, errors }: FileRejection): string {
  const label = attachmentLabel(file.name);
  if (errors.some((error) => error.code === 'file-too-large')) return imageTooLargeMessage(label);
  return notALetterImageMessage(label);
}

const notTooMany = (files: unknown) =>
  Array.isArray(files) && files.length > MAX_FILES_PER_REQUEST ? TOO_MANY_FILES_MESSAGE : undefined;

interface LetterImagesInputProps {
  source: string;
  label: string;
  placeholder: ReactNode;
  helperText?: string;
  children: ReactNode;
}

/**
 * The drop zone's focusable root is react-dropzone's div with role="presentation": a screen
 * reader landed on an unnamed thing. react-admin's FileInput passes nothing of ours to it,
 * so this, inside the zone, makes it a button named «افزودن …» and described by the zone's
 * text (Enter and Space already open the file dialog). React leaves the attributes alone:
 * the props it wrote there do not change.
 */
function DropZoneName({ name, children }: { name: string; children: ReactNode }) {
  const hintId = useId();
  const hint = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const zone = hint.current?.closest(`.${DROP_ZONE_CLASS}`);
    // Disabled, the zone takes no focus and is no button.
    if (!zone?.hasAttribute('tabindex')) return;
    zone.setAttribute('role', 'button');
    zone.setAttribute('aria-label', name);
    zone.setAttribute('aria-describedby', hintId);
  }, [name, hintId]);
  return (
    <div ref={hint} id={hintId}>
      {children}
    </div>
  );
}

/**
 * Each file's remove button was named «حذف», as the letter's own delete is: it is named
 * «حذف پیوست {name}» (react-admin's FileInputPreview takes no label; this sits beside it).
 */
function RemoveButtonName({ children }: { children: ReactNode }) {
  const file = useRecordContext<PendingFile>();
  const name = file?.rawFile?.name ?? file?.title ?? '';
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const button = marker.current?.parentElement?.querySelector(`:scope > .${REMOVE_BUTTON_CLASS}`);
    if (!button) return;
    const label = name ? `حذف پیوست ${name}` : 'حذف پیوست';
    button.setAttribute('aria-label', label);
    button.setAttribute('title', label);
  }, [name]);
  // display: contents leaves the preview's layout as it was.
  return (
    <span ref={marker} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/** react-admin's class names of the drop zone and of a preview's remove button. */
const DROP_ZONE_CLASS = 'RaFileInput-dropZone';
const REMOVE_BUTTON_CLASS = 'RaFileInputPreview-removeButton';

export function LetterImagesInput({
  source,
  label,
  placeholder,
  helperText,
  children,
}: LetterImagesInputProps) {
  const notice = useNotice();
  return (
    <FileInput
      source={source}
      label={label}
      multiple
      maxSize={MAX_IMAGE_BYTES}
      validate={notTooMany}
      options={{
        getFilesFromEvent: filesOf,
        validator: isLetterImage,
        onDropRejected: (rejections) => notice.error(rejections.map(rejectionMessage).join('؛ ')),
      }}
      placeholder={<DropZoneName name={`افزودن ${label}`}>{placeholder}</DropZoneName>}
      helperText={helperText}
      // The file input named by its field (a screen reader read «Choose File»).
      inputProps={{ 'aria-label': label, accept: PICKER_ACCEPT }}
      // The new files side by side, not one under another down the page.
      sx={{ '& .previews': { display: 'flex', flexWrap: 'wrap', gap: 1 } }}
    >
      <RemoveButtonName>{children}</RemoveButtonName>
    </FileInput>
  );
}

/**
 * A waiting (not yet uploaded) picture in the drop zone: its thumbnail, and under it, right
 * to left, its name (cut with «…» when long, whole in its title) and its size.
 */
export function PendingImagePreview() {
  const file = useRecordContext<PendingFile>();
  if (!file) return null;
  const name = file.rawFile?.name ?? file.title ?? '';
  return (
    <Box sx={{ width: 208, minWidth: 0, textAlign: 'start' }}>
      <ImageField source="src" title="title" />
      <Typography variant="body2" noWrap title={name} sx={{ px: 0.5 }}>
        {name}
      </Typography>
      {file.rawFile && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ px: 0.5 }}>
          {fileSizeText(file.rawFile.size)}
        </Typography>
      )}
    </Box>
  );
}
