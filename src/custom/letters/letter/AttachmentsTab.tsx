// The attachments tab: the letter's saved files (each downloadable through a short-lived
// signed link) and, while the letter may be changed, a drop zone for more
// (LetterImagesInput). New files are sent with the next save; the upload progress shows
// under the buttons (LetterEditor).
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { startDownload } from '../../../resources/list/RowActions';
import { formatJalali } from '../../../shared/jalali';
import { toPersianDigits } from '../../../shared/persian-digits';
import { useNotice } from '../../../ui/notices';
import { attachmentUrl, type LetterAttachment } from '../api';
import { IMAGE_SIZE_HINT, LETTER_IMAGE_TYPES_LIST } from '../../../shared/uploads';
import { LetterImagesInput, PendingImagePreview } from './LetterImagesInput';
import { fileSizeText } from './letterImageFiles';

interface AttachmentsTabProps {
  attachments: LetterAttachment[];
  editable: boolean;
}

export function AttachmentsTab({ attachments, editable }: AttachmentsTabProps) {
  const notice = useNotice();
  const download = (attachment: LetterAttachment) =>
    startDownload(attachmentUrl(attachment.msg.messageAttachmentId)).catch((error: unknown) =>
      notice.error(error instanceof Error ? error.message : ''),
    );
  return (
    // One column no wider than the card: a long file name wraps beside its download button.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {attachments.length === 0 ? (
        <Typography color="text.secondary">پیوستی ثبت نشده است</Typography>
      ) : (
        <List dense aria-label="پیوست‌های نامه">
          {attachments.map((attachment) => (
            <ListItem
              key={attachment.msg.messageAttachmentId}
              secondaryAction={
                <Tooltip title="دریافت فایل">
                  <IconButton
                    edge="end"
                    aria-label={`دریافت ${attachment.msg.fileName}`}
                    onClick={() => void download(attachment)}
                  >
                    <DownloadOutlined />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemIcon>
                <ImageOutlined />
              </ListItemIcon>
              <ListItemText
                sx={{ overflowWrap: 'anywhere' }}
                primary={attachment.msg.fileName}
                secondary={[
                  attachment.msg.fileSize === undefined ? '' : fileSizeText(attachment.msg.fileSize),
                  attachment.fullName,
                  toPersianDigits(formatJalali(attachment.msg.createdDate, { withTime: true })),
                  attachment.msg.fileComment,
                ]
                  .filter(Boolean)
                  .join(' — ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <LetterImagesInput
          source="attachments"
          label="پیوست‌های تازه"
          placeholder={
            <Typography sx={{ py: 2 }}>
              تصویرها ({LETTER_IMAGE_TYPES_LIST} {IMAGE_SIZE_HINT}) را اینجا رها کنید یا برای انتخاب کلیک کنید
            </Typography>
          }
          helperText="با ذخیره یا ارسال نامه بارگذاری می‌شوند"
        >
          <PendingImagePreview />
        </LetterImagesInput>
      )}
    </Box>
  );
}
