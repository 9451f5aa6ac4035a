// The red «فرم درست پر نشده است…» under a form that was sent with mistakes. It follows the
// form's state: it leaves as soon as the last mistake is corrected. (react-admin's own
// notice of it stayed for seconds after the fields were right.)
import Alert from '@mui/material/Alert';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export function FormErrorSummary() {
  const { submitCount, errors } = useFormState();
  const translate = useTranslate();
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mx: 3, mt: 1.5 }}>
      {translate('ra.message.invalid_form')}
    </Alert>
  );
}
