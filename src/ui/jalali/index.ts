// The Jalali date components, safe to import from any screen: the MUI X pickers behind
// them are loaded lazily (they add ~55 KiB gzip), so nothing here weighs on the first page.
//
// - JalaliDateInput: react-admin input (useInput). Stores 'YYYY-MM-DD' (or a full ISO
//   instant with `withTime`), shows YYYY/MM/DD Jalali. Props: source, label, validate,
//   withTime, readOnlyField, disableFridays, minDate, maxDate, and the usual input props.
// - JalaliDatePicker: the same picker for custom screens, controlled:
//   <JalaliDatePicker value={iso} onChange={setIso} label="از تاریخ" />
// - JalaliMonthCalendar: read-only month calendar (Saturday first, Fridays off).
// Pure conversions and formatting live in src/shared/jalali.ts.
// A screen without a form (the dashboard) imports the two lazy ones from './lazy': through
// this file it would also load JalaliDateInput, and react-hook-form with it.
export { JalaliDateInput, type JalaliDateInputProps } from './JalaliDateInput';
export { JalaliDatePicker, JalaliMonthCalendar } from './lazy';
export type { JalaliDatePickerProps } from './JalaliDatePicker';
export type { JalaliMonthCalendarProps } from './JalaliMonthCalendar';
