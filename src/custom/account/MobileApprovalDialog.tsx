// Mobile approval (spec 1 §2, §4): 1. change the mobile number (optional), 2. ask for a
// code by SMS, 3. confirm the code. The steps stay clickable, so a user whose number is
// already right starts at step 2.
import { useState, type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { answerMessage, type ApiAnswer } from '../../api/http';
import { getSession, updateUser } from '../../api/session';
import { toLatinDigits, toPersianDigits } from '../../shared/persian-digits';
import { keepCaret } from '../../resources/form/NumericInput';
import { useNotice } from '../../ui/notices';
import { changeMobile, confirmApprovalCode, requestApprovalCode } from './mobileApi';

export const MOBILE_HINT = '۰۹ و ۹ رقم';

const keepCaretInPlace = keepCaret();

interface MobileApprovalDialogProps {
  open: boolean;
  onClose: () => void;
}

export function MobileApprovalDialog({ open, onClose }: MobileApprovalDialogProps) {
  const notice = useNotice();
  const [step, setStep] = useState(0);
  // The number on record (the code goes to it) and the one being typed, which is only a
  // proposal until «ثبت شماره» saved it.
  const [saved, setSaved] = useState(() => getSession()?.user.mobile ?? '');
  const [mobile, setMobile] = useState(saved);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  /** Runs a call; on status 1 shows the server's message in green and returns true. */
  const run = async (call: () => Promise<ApiAnswer>): Promise<boolean> => {
    setBusy(true);
    try {
      const answer = await call();
      if (answer.status === 1) notice.success(answerMessage(answer) || undefined);
      else notice.error(answerMessage(answer));
      return answer.status === 1;
    } catch (error) {
      notice.error(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveMobile = async () => {
    if (await run(() => changeMobile(mobile))) {
      updateUser({ mobile: mobile.trim() });
      setSaved(mobile.trim());
      setStep(1);
    }
  };
  const sendCode = async () => (await run(requestApprovalCode)) && setStep(2);
  const confirm = async () => (await run(() => confirmApprovalCode(code))) && onClose();

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 560, maxWidth: '95vw' } } }}
    >
      <DialogTitle>تایید شماره همراه</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} orientation="vertical" nonLinear>
          <StepItem index={0} title="ثبت شماره همراه" onSelect={setStep}>
            <TextField
              label="شماره همراه"
              // Shown in Persian digits like every number of the app, kept (and sent) in Latin.
              value={toPersianDigits(mobile)}
              onChange={(e) => {
                keepCaretInPlace(e as ChangeEvent<HTMLInputElement>);
                setMobile(toLatinDigits(e.target.value));
              }}
              helperText={MOBILE_HINT}
              size="small"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', maxLength: 20 } }}
            />
            <StepActions>
              <Button variant="contained" onClick={() => void saveMobile()} disabled={busy || !mobile.trim()}>
                ثبت شماره
              </Button>
              <Button
                onClick={() => {
                  setMobile(saved);
                  setStep(1);
                }}
                disabled={busy}
              >
                شماره درست است
              </Button>
            </StepActions>
          </StepItem>
          <StepItem index={1} title="دریافت کد تایید" onSelect={setStep}>
            <Typography variant="body2" color="text.secondary">
              کد تایید به شماره {toPersianDigits(saved || '—')} پیامک می‌شود.
            </Typography>
            <StepActions>
              <Button variant="contained" onClick={() => void sendCode()} disabled={busy}>
                ارسال کد تایید
              </Button>
            </StepActions>
          </StepItem>
          <StepItem index={2} title="تایید کد" onSelect={setStep}>
            <TextField
              label="کد تایید"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              size="small"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', autoComplete: 'one-time-code' } }}
            />
            <StepActions>
              <Button variant="contained" onClick={() => void confirm()} disabled={busy || !code.trim()}>
                تایید
              </Button>
              <Button onClick={() => void sendCode()} disabled={busy}>
                ارسال دوباره کد
              </Button>
            </StepActions>
          </StepItem>
        </Stepper>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          بستن
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface StepItemProps {
  index: number;
  title: string;
  onSelect: (index: number) => void;
  children: ReactNode;
}

/** Stepper passes `index`, `active` etc. to its direct children, hence this thin wrapper. */
function StepItem({ index, title, onSelect, children, ...stepProps }: StepItemProps) {
  return (
    <Step index={index} {...stepProps}>
      <StepButton icon={toPersianDigits(index + 1)} onClick={() => onSelect(index)}>
        {title}
      </StepButton>
      <StepContent>
        <Box sx={{ display: 'grid', gap: 1.5, pt: 1, justifyItems: 'start' }}>{children}</Box>
      </StepContent>
    </Step>
  );
}

function StepActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box>;
}
