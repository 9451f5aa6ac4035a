// Account settings (spec 1 §2, §7): change the password, the profile picture and the
// signature picture — one multipart PUT user/changeusersetting/ with upload progress.
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { answerMessage, type ApiAnswer } from '../../api/http';
import { getSession, updateUser } from '../../api/session';
import { avatarUrl } from '../../auth';
import { toPersianDigits } from '../../shared/persian-digits';
import { useNotice } from '../../ui/notices';
import { EMPTY_PASSWORDS, PasswordFields, passwordProblem, type PasswordChange } from './PasswordFields';
import { PictureInput } from './PictureInput';
import { webpAsPng } from './webpAsPng';
import { uploadWithProgress } from '../../api/uploadWithProgress';

export const NOTHING_TO_SAVE = 'تغییری برای ذخیره وارد نشده است';

interface AccountSettingsDialogProps {
  open: boolean;
  onClose: () => void;
}

type SettingAnswer = ApiAnswer & { profilePicture?: string };

export function AccountSettingsDialog({ open, onClose }: AccountSettingsDialogProps) {
  const notice = useNotice();
  const [passwords, setPasswords] = useState<PasswordChange>(EMPTY_PASSWORDS);
  const [profilePic, setProfilePic] = useState<File | null>(null);
  const [signPic, setSignPic] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const sending = progress !== null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      passwordProblem(passwords) ?? (passwords.next || profilePic || signPic ? null : NOTHING_TO_SAVE);
    if (problem) {
      notice.error(problem);
      return;
    }
    setProgress(0);
    try {
      const answer = await uploadWithProgress<SettingAnswer>(
        'user/changeusersetting/',
        {
          CurrentPassword: passwords.next ? passwords.current : undefined,
          NewPassword: passwords.next || undefined,
          UserProfilePic: profilePic ?? undefined,
          UserSignPic: signPic ?? undefined,
        },
        'PUT',
        setProgress,
      );
      if (answer.status !== 1) {
        notice.error(answerMessage(answer));
        return;
      }
      if (profilePic && answer.profilePicture) updateUser({ pic: answer.profilePicture });
      notice.success();
      onClose();
    } catch (error) {
      notice.error(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={sending ? undefined : onClose}
      maxWidth={false}
      slotProps={{ paper: { component: 'form', onSubmit: save, sx: { width: 640, maxWidth: '95vw' } } }}
    >
      <DialogTitle>تنظیمات حساب کاربری</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Section title="تغییر رمز عبور">
          <PasswordFields value={passwords} onChange={setPasswords} />
        </Section>
        <Divider />
        <Section title="تصاویر">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <PictureInput
              label="تصویر پروفایل"
              file={profilePic}
              onChange={setProfilePic}
              onRejected={notice.error}
              currentUrl={avatarUrl(getSession()?.user.pic)}
            />
            <PictureInput
              label="تصویر امضا"
              file={signPic}
              onChange={setSignPic}
              onRejected={notice.error}
              variant="rounded"
              convert={webpAsPng}
            />
          </Box>
        </Section>
        {sending && <UploadProgress fraction={progress} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          انصراف
        </Button>
        <Button type="submit" variant="contained" disabled={sending}>
          ذخیره
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box role="group" aria-label={title} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <Box role="status" aria-live="polite">
      <LinearProgress
        variant={percent > 0 ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label="پیشرفت ارسال"
      />
      <Typography variant="caption" color="text.secondary">
        {percent > 0 ? `در حال ارسال… ${toPersianDigits(percent)}٪` : 'در حال ارسال…'}
      </Typography>
    </Box>
  );
}
