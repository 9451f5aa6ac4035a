// The Jalali calendar for MUI X pickers: date-fns-jalali through AdapterDateFnsJalali,
// whose default fa-IR locale starts the week on Saturday; picker texts in Persian.
import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import { faIR } from '@mui/x-date-pickers/locales';

const persianTexts = faIR.components.MuiLocalizationProvider.defaultProps.localeText;

export function JalaliLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFnsJalali} localeText={persianTexts}>
      {children}
    </LocalizationProvider>
  );
}
