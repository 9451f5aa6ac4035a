// One form input for one field of a resource, chosen by the field's kind.
import { useFormContext } from 'react-hook-form';
import {
  BooleanInput,
  FileField,
  FileInput,
  PasswordInput,
  SelectInput,
  TextArrayInput,
  TextInput,
  type Validator,
} from 'react-admin';
import type { Field, FieldMeta } from '../../schemas';
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
      return <OneFileInput {...props} meta={meta} />;
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

/** Whether a file is of a type the field takes: by its type, or else by its extension (the
 *  browser gives none for many files), as react-dropzone's `accept` judges it. */
export function fileOfType(file: File, accept: FieldMeta['accept']): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(
    ([type, extensions]) => file.type === type || extensions.some((ext) => name.endsWith(ext.toLowerCase())),
  );
}

interface OneFileInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[];
  disabled: boolean;
  helperText: string | false;
  fullWidth: boolean;
  meta: FieldMeta;
}

/**
 * One file. A file of another type than `accept` (an old.doc for a .docx) is kept in the
 * field with the server's sentence under it, so the form is not saved: the drop zone alone
 * drops it unsaid, and an edit was then saved «successfully» with the old file kept.
 */
function OneFileInput({ meta, validate, ...props }: OneFileInputProps) {
  const { setValue } = useFormContext();
  const accept = meta.accept;
  const wrongType =
    meta.acceptMessage ??
    `${meta.label} باید از نوع ${Object.values(accept ?? {})
      .flat()
      .join('، ')} باشد`;
  const ofType: Validator = (value: { rawFile?: unknown } | null | undefined) =>
    value?.rawFile instanceof File && !fileOfType(value.rawFile, accept) ? wrongType : undefined;
  const validators = [...(Array.isArray(validate) ? validate : validate ? [validate] : []), ofType];
  return (
    <FileInput
      {...props}
      validate={validators}
      multiple={false}
      accept={accept as Record<string, string[]> | undefined}
      options={{
        onDropRejected: (rejections) => {
          const refused = rejections.find((r) => r.errors.some((e) => e.code === 'file-invalid-type'));
          if (!refused) return;
          // As FileInput holds a file it takes (its <FileField source="src" title="title">).
          const { file } = refused;
          setValue(
            props.source,
            { rawFile: file, src: URL.createObjectURL(file), title: file.name },
            { shouldDirty: true, shouldTouch: true, shouldValidate: true },
          );
        },
      }}
      placeholder="پرونده را اینجا رها کنید یا برای انتخاب کلیک کنید"
    >
      <FileField source="src" title="title" />
    </FileInput>
  );
}
