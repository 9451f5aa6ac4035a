// The react-admin Jalali date input. Every form with a date uses this one.
//
//   <JalaliDateInput source="importedMsgDate" label="تاریخ نامه" readOnlyField validate={required()} />
//
// - Stores 'YYYY-MM-DD' (Gregorian, date-only) — or a full ISO instant with `withTime` —
//   and shows YYYY/MM/DD in the Jalali calendar, Saturday first, Fridays red.
// - `readOnlyField`: no typing, the calendar only. `disableFridays`, `minDate`, `maxDate`.
// - The picker itself (MUI X, heavy) is loaded lazily; until it arrives a plain field
//   shows the value, while the form state (validation, defaults) works at once.
import { lazy, Suspense, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, type CommonInputProps } from 'react-admin';
import { DateFieldPlaceholder } from './DateFieldPlaceholder';
import type { JalaliDatePickerProps } from './JalaliDatePicker';

const LazyPicker = lazy(() => import('./JalaliDatePicker'));

type PickerOptions = Pick<
  JalaliDatePickerProps,
  'withTime' | 'readOnlyField' | 'disableFridays' | 'minDate' | 'maxDate' | 'size' | 'sx' | 'className'
>;

export interface JalaliDateInputProps
  extends Omit<CommonInputProps, 'format' | 'parse' | 'label' | 'helperText'>, PickerOptions {
  label?: string | false;
  helperText?: ReactNode | false;
}

const keepNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export function JalaliDateInput(props: JalaliDateInputProps) {
  const {
    label,
    helperText,
    source,
    resource,
    withTime,
    readOnlyField,
    disableFridays,
    minDate,
    maxDate,
    size,
    sx,
    className,
  } = props;
  const { field, fieldState, id, isRequired } = useInput({ ...props, format: keepNull, parse: keepNull });
  const pickerProps: JalaliDatePickerProps = {
    value: (field.value as string | null) ?? null,
    onChange: field.onChange,
    onBlur: field.onBlur,
    name: field.name,
    id,
    label:
      label === false ? undefined : (
        <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
      ),
    error: fieldState.invalid,
    helperText:
      helperText !== false || fieldState.invalid ? (
        <InputHelperText
          error={fieldState.error?.message}
          helperText={helperText === false ? undefined : helperText}
        />
      ) : undefined,
    disabled: props.disabled || props.readOnly,
    fullWidth: props.fullWidth,
    margin: props.margin,
    variant: props.variant ?? 'filled',
    withTime,
    readOnlyField,
    disableFridays,
    minDate,
    maxDate,
    // react-admin's inputs are small (48 px filled): a date beside them was MUI X's 56 px.
    size: size ?? 'small',
    className: ['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' '),
    sx,
  };
  return (
    <Suspense fallback={<DateFieldPlaceholder {...pickerProps} />}>
      <LazyPicker {...pickerProps} />
    </Suspense>
  );
}
