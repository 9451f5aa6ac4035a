// The drop zone for a letter's pictures (spec 1 §2: several at once, jpg, jpeg, png
// only), in the letter's attachments tab and the forward / reply dialog. It holds the
// server's limits (src/shared/uploads.ts), so a file the server would refuse is refused
// at the drop with the server's sentence, before its bytes travel; more files than one
// save carries stop the save with a message under the zone.
import type { ReactNode } from 'react';
import { FileInput, type FileInputProps } from 'react-admin';
import {
  attachmentLabel,
  imageTooLargeMessage,
  MAX_FILES_PER_REQUEST,
  MAX_IMAGE_BYTES,
  notALetterImageMessage,
  TOO_MANY_FILES_MESSAGE,
} from '../../../shared/uploads';
import { useNotice } from '../../../ui/notices';

/** The drop zone's accepted files (react-dropzone's form: MIME type → extensions). */
const LETTER_IMAGE_TYPES = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

/** react-dropzone's account of a refused file (its type, through react-admin's props). */
type FileRejection = Parameters<
  NonNullable<NonNullable<FileInputProps['options']>['onDropRejected']>
>[0][number];

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
      accept={LETTER_IMAGE_TYPES}
      maxSize={MAX_IMAGE_BYTES}
      validate={notTooMany}
      options={{
        onDropRejected: (rejections) => notice.error(rejections.map(rejectionMessage).join('؛ ')),
      }}
      placeholder={placeholder}
      helperText={helperText}
      // The file input named by its field (a screen reader read «Choose File»).
      inputProps={{ 'aria-label': label }}
      // The new files side by side, not one under another down the page.
      sx={{ '& .previews': { display: 'flex', flexWrap: 'wrap', gap: 1 } }}
    >
      {children}
    </FileInput>
  );
}
