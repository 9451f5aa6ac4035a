// One form input for one field of a resource, chosen by the field's kind.
import {
  BooleanInput,
  FileField,
  FileInput,
  PasswordInput,
  SelectInput,
  TextArrayInput,
  TextInput,
} from 'react-admin';
import type { Field } from '../../schemas';
import { toLatinDigits, toPersianDigits } from '../../shared/persian-digits';
import { JalaliDateInput } from '../../ui/jalali';
import { keepCaret, NumericInput } from './NumericInput';
import { ReferenceChoiceInput } from './ReferenceChoiceInput';
import { StringListInput } from './StringListInput';
import { ImageUploadInput } from './ImageUploadInput';
import type { FieldRule, FormMode } from './validation';

export const KEEP_PASSWORD_HINT = 'برای تغییر ندادن خالی بگذارید';

/** A digits field shows ۰–۹ and keeps 0–9 in the form (typed either way), as the server expects. */
const showPersian = (value: unknown) => toPersianDigits(value as string | null | undefined);
const keepLatin = (text: string) => (text === '' ? null : toLatinDigits(text));
/** Digits read left to right, groups typed with spaces too (۰۹۱۲ ۳۴۵ ۶۷۸۹): the input is LTR,
 *  aligned like the form's other inputs (an inline style, which the RTL theme leaves as is);
 *  its label stays RTL. The caret stays where a Latin digit was typed. */
const digitsInput = { dir: 'ltr', style: { textAlign: 'right' } } as const;
const keepCaretInPlace = keepCaret();

interface FieldInputProps {
  name: string;
  field: Field;
  mode: FormMode;
  rule?: FieldRule;
}

export function FieldInput({ name, field, mode, rule }: FieldInputProps) {
  const { meta } = field;
  const disabled = Boolean(meta.readOnly) || (mode === 'edit' && Boolean(meta.readOnlyOnEdit));
  const keep = meta.kind === 'password' && mode === 'edit';
  const hint = keep ? [KEEP_PASSWORD_HINT, meta.hint].filter(Boolean).join('؛ ') : meta.hint;
  const props = {
    source: name,
    label: meta.label,
    validate: disabled ? undefined : rule?.validate,
    disabled,
    helperText: hint ?? (false as const),
    fullWidth: true,
  };
  switch (meta.kind) {
    case 'multiline':
      return <TextInput {...props} multiline minRows={3} />;
    case 'number':
      return <NumericInput {...props} />;
    case 'money':
      return <NumericInput {...props} grouped />;
    case 'boolean':
      return <BooleanInput {...props} fullWidth={false} />;
    case 'date':
      return <JalaliDateInput {...props} />;
    case 'reference':
    case 'references':
    case 'treeParent':
      return <ReferenceChoiceInput {...props} field={field} />;
    case 'enum':
      return (
        <SelectInput
          {...props}
          choices={[...(meta.options ?? [])]}
          optionText="value"
          translateChoice={false}
        />
      );
    case 'tags':
      return <TextArrayInput {...props} />;
    case 'stringList':
      return <StringListInput {...props} choicesFrom={meta.choicesFrom} />;
    case 'password':
      return <PasswordInput {...props} autoComplete="new-password" />;
    case 'image':
      return <ImageUploadInput {...props} uploadPath={meta.uploadPath!} />;
    case 'file':
      return (
        <FileInput
          {...props}
          multiple={false}
          accept={meta.accept as Record<string, string[]> | undefined}
          placeholder="پرونده را اینجا رها کنید یا برای انتخاب کلیک کنید"
        >
          <FileField source="src" title="title" />
        </FileInput>
      );
    default:
      return meta.digits ? (
        <TextInput
          {...props}
          format={showPersian}
          parse={keepLatin}
          onChange={keepCaretInPlace}
          slotProps={{ htmlInput: digitsInput }}
        />
      ) : (
        <TextInput {...props} />
      );
  }
}
