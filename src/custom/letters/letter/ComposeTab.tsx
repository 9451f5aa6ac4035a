// The compose tab (spec 1 §2, §5): subject, numbering scheme of the letter's type, the
// senders and recipients the type needs, copies and blind copies, the incoming letter's
// number, Jalali date and receive method, "answer required" on internal letters, and the
// rich-text body (330 px).
// Required fields come from letterForm.ts (REQUIRED_BY_TYPE) and read «الزامی است».
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { BooleanInput, required, SelectInput, TextInput, type Validator } from 'react-admin';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useEffect } from 'react';
import { Extension } from '@tiptap/core';
import { Table, TableKit } from '@tiptap/extension-table';
import { BackgroundColor } from '@tiptap/extension-text-style';
import { Plugin } from '@tiptap/pm/state';
import { useFormState, useWatch } from 'react-hook-form';
import { JalaliDateInput } from '../../../ui/jalali';
import { AlignmentButtons } from './AlignmentButtons';
import { DirectionButton, ParagraphDirection } from './DirectionButton';
import { LinkButton } from './LinkButton';
import { ColourButtons } from './ColourButtons';
import { INCOMING, INTERNAL, OUTGOING } from '../letterTypes';
import { LookupInput } from '../pickers/LookupInput';
import { AskAdminUnlessOpen, SettingsPlace } from '../pickers/SettingsPlace';
import { usePersonNames } from './usePersonNames';
import { requiredFields, visibleTextRule, type LetterField, type LetterFormValues } from './letterForm';
import { groupDigits } from '../../../shared/persian-digits';
import type { SchemeChoice } from './useLetterChoices';
import { FUTURE_INCOMING_DATE, isAfterTehranToday, tehranToday } from '../../../shared/jalali';
import { importedNumberReordered, LETTER_TEXT_MAX } from '../../../shared/letter-limits';
import { textLength, tooLongText } from '../../../shared/validation-messages';

export const EDITOR_HEIGHT_PX = 330;

/** Required texts must show something, not only fill the field (letterForm.ts visibleTextRule). */
const TEXT_FIELDS = new Set<LetterField>(['subject', 'importedMsgNumber', 'messageBody']);

export const BODY_LABEL = 'متن نامه';

/** A letter's table as it prints: ruled cells, the text starting on the right. */
export const BODY_TABLE_SX = {
  '& table': { borderCollapse: 'collapse', my: 1, maxWidth: '100%' },
  '& td, & th': { border: '1px solid', borderColor: 'divider', px: 1, py: 0.5, verticalAlign: 'top' },
  '& td p, & th p': { my: 0 },
} as const;

/** Numbered items counted in Persian digits («۱.», «۲.»), as the rest of the screen and the
 *  printed letter (body.ts) count them: the browser's default was «1.», «2.». */
// A left-to-right item (an English line in a Persian list) draws its number or bullet on its
// left, where the list keeps no room (its indent is on the right): room made in the item's own
// direction, or the marker was cut off (probe helper-100).
export const BODY_LIST_SX = {
  '& ol': { listStyleType: 'persian' },
  '& li[dir="ltr"]': { marginInlineStart: '2em' },
} as const;

/** The server's lengths (letter-limits.ts), said as the field is typed in, not after a save;
 *  an incoming number's reordering control too. */
const TEXT_LIMITS: Partial<Record<LetterField, Validator>> = {
  subject: (value: unknown) => tooLongText('موضوع', LETTER_TEXT_MAX.subject, value),
  importedMsgNumber: (value: unknown) =>
    tooLongText('شماره نامه وارده', LETTER_TEXT_MAX.importedNumber, value) ?? importedNumberReordered(value),
  messageBody: (value: unknown) => tooLongText(BODY_LABEL, LETTER_TEXT_MAX.body, value),
};

/**
 * A field's length as it is typed, near and past the server's limit: the form checks
 * lengths only from the first save on (react-hook-form's mode; checking a 200 KB body's
 * rules at every key press is too slow), so a subject typed too long says so at once.
 */
function LengthHint({
  name,
  label,
  max,
}: {
  name: 'subject' | 'importedMsgNumber';
  label: string;
  max: number;
}) {
  const value = (useWatch<LetterFormValues>({ name }) as string | undefined) ?? '';
  const length = textLength(value);
  if (length < max * 0.8) return null;
  const over = tooLongText(label, max, value);
  return (
    <Box component="span" sx={{ color: over ? 'error.main' : 'text.secondary' }}>
      {over ?? `${groupDigits(length)} از ${groupDigits(max)} نویسه`}
    </Box>
  );
}

/**
 * RichTextInput writes the form's value back into the editor after every change, the
 * editor's own included (`setContent`, marked preventUpdate). Each such write replaced the
 * whole document in the undo history: every second Ctrl+Z undid nothing and redo never
 * worked. A write that leaves the document as it is is dropped; one that changes it (a
 * restored copy, «دور انداختن», a reload) goes through outside the history — Ctrl+Z after
 * it emptied the restored body, or brought back the one thrown away.
 */
const KeepUndoHistory = Extension.create({
  name: 'keepUndoHistory',
  addProseMirrorPlugins: () => [
    new Plugin({
      filterTransaction: (tr, state) => {
        if (tr.getMeta('preventUpdate') !== true || !tr.docChanged) return true;
        if (tr.doc.eq(state.doc)) return false;
        tr.setMeta('addToHistory', false);
        return true;
      },
    }),
  ],
});

/**
 * Tab moves from cell to cell, and from the last cell out of the editor to the next control
 * (Shift+Tab from the first, back): tiptap's own Tab added a row at the last cell, so a
 * keyboard user could not leave a body holding a table — and each press grew it silently.
 */
const LetterTable = Table.extend({
  addKeyboardShortcuts() {
    return { ...this.parent?.(), Tab: () => this.editor.commands.goToNextCell() };
  },
}).configure({ resizable: false });

// The editor's paragraphs start on the right, as Persian text does (tiptap's default is left).
// Tables: a table pasted from Word or a web page stays a table (without them each cell
// became a paragraph of its own); the server keeps them and prints them (body.ts).
// A shade pasted as a span's background-color stays (the toolbar's own shade is a
// <mark>, Highlight's); the server keeps the same colours (body.ts COLOUR).
export const EDITOR_EXTENSIONS = [
  ...(DefaultEditorOptions.extensions ?? []).map((extension) =>
    extension.name === 'textAlign' ? extension.configure({ defaultAlignment: 'right' }) : extension,
  ),
  TableKit.configure({ table: false }),
  LetterTable,
  BackgroundColor,
  ParagraphDirection,
  KeepUndoHistory,
];

// The editable area (ProseMirror's contenteditable) is a named multi-line text box: the
// label above it is a plain <label> a screen reader does not tie to a contenteditable.
// RichTextInput adds the input's id to these attributes and rebuilds the editor when the
// options object changes, so there is one fixed object for each state.
const editorOptions = (readOnly: boolean) => ({
  ...DefaultEditorOptions,
  extensions: EDITOR_EXTENSIONS,
  editorProps: {
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': BODY_LABEL,
      // Required as the subject is (a letter has no empty body); a sent letter asks nothing.
      ...(readOnly ? { 'aria-readonly': 'true' } : { 'aria-required': 'true' }),
    },
  },
});
const EDITOR_OPTIONS = editorOptions(false);
const READ_ONLY_EDITOR_OPTIONS = editorOptions(true);

/** The body is refused, said as RichTextInput says it: after a send or once left. */
function useBodyRefused(): boolean {
  const { errors, isSubmitted, touchedFields } = useFormState({ name: 'messageBody' });
  return Boolean(errors.messageBody) && (isSubmitted || Boolean(touchedFields.messageBody));
}

/**
 * The body's contenteditable told as the other fields are: while refused, invalid and
 * described by its «الزامی است» (RichTextInput sets neither, and gives its helper text no
 * id). Set on the editor's element, not through editorOptions: a new options object
 * rebuilds the editor. It sits in the toolbar, the one place of ours that sees the editor.
 */
function BodyFieldState() {
  const editor = useTiptapEditor();
  const refused = useBodyRefused();
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      const dom = editorElement(editor);
      if (!dom || !editor.isEditable) return;
      // RichTextInput's FormHelperText follows the editor's content box.
      const helper = dom.closest('.RaRichTextInput-editorContent')?.nextElementSibling;
      if (refused && helper?.classList.contains('MuiFormHelperText-root')) {
        if (!helper.id) helper.id = `${dom.id}-helper-text`;
        dom.setAttribute('aria-invalid', 'true');
        dom.setAttribute('aria-describedby', helper.id);
      } else {
        dom.removeAttribute('aria-invalid');
        dom.removeAttribute('aria-describedby');
      }
    };
    apply();
    // A rebuilt editor's element comes a moment after the editor: its 'create'.
    editor.on('create', apply);
    return () => {
      editor.off('create', apply);
    };
  }, [editor, refused]);
  return null;
}

/** The editor's contenteditable, or null before it is mounted (tiptap throws then) or after. */
function editorElement(editor: NonNullable<ReturnType<typeof useTiptapEditor>>): HTMLElement | null {
  if (editor.isDestroyed) return null;
  try {
    return editor.view.dom;
  } catch {
    return null;
  }
}

// The default toolbar without two parts: the heading-level select (its <li> sits in a <nav>,
// which axe reports as a WCAG failure, and a letter has no headings) and images by URL
// (a letter's images are its attachments). Our own alignment (right-aligned by default),
// a paragraph's direction (an English paragraph left to right),
// colour (named swatches a keyboard reaches) and link (a Persian dialog, not the browser's
// English prompt) buttons.
const EDITOR_TOOLBAR = (
  <RichTextInputToolbar size="small">
    <FormatButtons size="small" />
    <ColourButtons size="small" />
    <AlignmentButtons size="small" />
    <DirectionButton size="small" />
    <ListButtons size="small" />
    <LinkButton size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
    <BodyFieldState />
  </RichTextInputToolbar>
);

export const BCC_LABEL = 'رونوشت مخفی';

/**
 * Blind copies (message/save's SelectedBcc): the letter reaches them and its other readers
 * do not see them named. The server keeps each person once, in the first list that names
 * them (to, then cc, then bcc: compose.ts colleagueRecipients), so one already a recipient
 * or on copy is not offered here, and one chosen here and there too is said to get the
 * letter openly. A letter that cannot be edited shows the field only when it names someone:
 * message/get gives its blind copies only to its writers (and a blind recipient
 * themselves), so an empty list there is no sign that it has none.
 */
function BlindCopiesInput({
  readOnly,
  myPersonId,
  personRecipients,
}: {
  readOnly: boolean;
  myPersonId: number | null;
  personRecipients: boolean;
}) {
  const [to, cc, bcc] = useWatch<LetterFormValues>({
    name: ['selectedTo', 'selectedCC', 'selectedBcc'],
  }) as [unknown, unknown, unknown];
  const ids = (list: unknown) => (Array.isArray(list) ? list.map(Number) : []);
  const open = [...(personRecipients ? ids(to) : []), ...ids(cc)];
  const chosen = ids(bcc);
  if (readOnly && chosen.length === 0) return null;
  const alsoOpen = readOnly ? [] : chosen.filter((id) => open.includes(id));
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <LookupInput
        source="selectedBcc"
        resource="person"
        label={BCC_LABEL}
        multiple
        disabled={readOnly}
        exclude={[myPersonId, ...open]}
      />
      {alsoOpen.length > 0 && <OpenlyToo ids={alsoOpen} />}
    </Grid>
  );
}

/** Chosen as a blind copy and as a recipient or copy too: the server sends it openly. */
function OpenlyToo({ ids }: { ids: number[] }) {
  const names = usePersonNames(ids)
    .names.map((name) => `«${name}»`)
    .join('، ');
  if (!names) return null;
  return (
    <Typography variant="caption" component="p" color="warning.main" role="status" sx={{ mt: 0.5 }}>
      {`${names} در گیرندگان یا رونوشت هم هست؛ نامه آشکارا به او می‌رسد، نه به صورت رونوشت مخفی.`}
    </Typography>
  );
}

interface ComposeTabProps {
  messageType: number;
  readOnly: boolean;
  schemes: SchemeChoice[];
  /** Set when the schemes could not be loaded: the form says so, with this retry — not
   *  that there are none (a user sent to the settings would make a twin). */
  retrySchemes?: () => void;
  myPersonId: number | null;
}

const NO_SCHEME = 'برای این نوع نامه اندیکاتور فعالی تعریف نشده است';
/** The open list's one line when there is no scheme: a choice that cannot be chosen. */
const NO_SCHEME_CHOICES = [{ id: -1, name: NO_SCHEME, disabled: true }];
const SCHEMES_NOT_LOADED = 'اندیکاتورها بارگذاری نشد.';
const NOT_LOADED_CHOICES = [{ id: -1, name: SCHEMES_NOT_LOADED, disabled: true }];

/** A received letter was received by now (the server says the same). */
const notFutureRule = (value: unknown) =>
  typeof value === 'string' && value && isAfterTehranToday(value) ? FUTURE_INCOMING_DATE : undefined;

export function ComposeTab({ messageType, readOnly, schemes, retrySchemes, myPersonId }: ComposeTabProps) {
  const needed = new Set(requiredFields(messageType));
  const rule = (name: LetterField): Validator | Validator[] | undefined => {
    const length = TEXT_LIMITS[name];
    if (!needed.has(name)) return length;
    if (name === 'importedMsgDate') return [required(), notFutureRule];
    return TEXT_FIELDS.has(name)
      ? [required(), visibleTextRule(name === 'messageBody'), ...(length ? [length] : [])]
      : required();
  };
  const common = { readOnly, disabled: readOnly };
  const me = [myPersonId];
  const bodyRefused = useBodyRefused();
  const personRecipients = messageType !== OUTGOING;
  // No active scheme of this type (a new organisation, all switched off): the required
  // select opened as an empty strip (probe helper-93); it says why, and where they are made.
  const noSchemes = schemes.length === 0 && !readOnly;
  // Said as the field's helper text (its description for a screen reader); an error shows instead.
  const schemesHelp = !noSchemes ? undefined : retrySchemes ? (
    <>
      {SCHEMES_NOT_LOADED}{' '}
      <Link component="button" type="button" onClick={retrySchemes}>
        تلاش دوباره
      </Link>
    </>
  ) : (
    <>
      {NO_SCHEME}؛ اندیکاتورها در <SettingsPlace list="Andikator" /> ساخته یا فعال می‌شوند
      <AskAdminUnlessOpen list="Andikator" />
    </>
  );
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextInput
          source="subject"
          label="موضوع"
          validate={rule('subject')}
          helperText={<LengthHint name="subject" label="موضوع" max={LETTER_TEXT_MAX.subject} />}
          fullWidth
          {...common}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SelectInput
          source="andikatorFk"
          label="اندیکاتور"
          choices={noSchemes ? (retrySchemes ? NOT_LOADED_CHOICES : NO_SCHEME_CHOICES) : schemes}
          optionText="name"
          translateChoice={false}
          validate={rule('andikatorFk')}
          emptyText="انتخاب کنید"
          helperText={schemesHelp}
          fullWidth
          {...common}
        />
      </Grid>

      {messageType === INCOMING && (
        <>
          <Grid size={{ xs: 12, md: 6 }}>
            <LookupInput
              source="messageFromCustomerFk"
              resource="customer"
              label="مشتری فرستنده"
              validate={rule('messageFromCustomerFk')}
              disabled={readOnly}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <LookupInput
              source="reciveMethodFk"
              resource="reciveMethod"
              label="روش دریافت"
              validate={rule('reciveMethodFk')}
              disabled={readOnly}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput
              source="importedMsgNumber"
              label="شماره نامه وارده"
              validate={rule('importedMsgNumber')}
              helperText={
                <LengthHint
                  name="importedMsgNumber"
                  label="شماره نامه وارده"
                  max={LETTER_TEXT_MAX.importedNumber}
                />
              }
              fullWidth
              {...common}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <JalaliDateInput
              source="importedMsgDate"
              label="تاریخ نامه وارده"
              readOnlyField
              // Days still to come are not offered (the rule below says why if one is typed in);
              // today asked as the calendar opens, so a form left open past midnight offers it.
              maxDate={tehranToday}
              validate={rule('importedMsgDate')}
              fullWidth
              {...common}
            />
          </Grid>
        </>
      )}
      {messageType === OUTGOING && (
        <Grid size={{ xs: 12, md: 6 }}>
          <LookupInput
            source="messageFromManFk"
            resource="person"
            label="فرستنده"
            validate={rule('messageFromManFk')}
            disabled={readOnly}
          />
        </Grid>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <LookupInput
          source="selectedTo"
          resource={personRecipients ? 'person' : 'customer'}
          label={personRecipients ? 'گیرندگان' : 'مشتریان گیرنده'}
          multiple
          validate={rule('selectedTo')}
          disabled={readOnly}
          exclude={personRecipients ? me : []}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <LookupInput
          source="selectedCC"
          resource="person"
          label="رونوشت"
          multiple
          disabled={readOnly}
          exclude={me}
        />
      </Grid>
      <BlindCopiesInput readOnly={readOnly} myPersonId={myPersonId} personRecipients={personRecipients} />

      {messageType === INTERNAL && (
        <Grid size={12}>
          <BooleanInput source="answerRequest" label="نیاز به پاسخ دارد" {...common} />
        </Grid>
      )}

      <Grid size={12}>
        <Box
          sx={{
            '& .ProseMirror': {
              height: EDITOR_HEIGHT_PX,
              overflowY: 'auto',
              ...BODY_TABLE_SX,
              ...BODY_LIST_SX,
            },
            '& .ra-rich-text-input': { width: '100%' },
            // A refused body is marked as every other field is: its label and frame red.
            ...(bodyRefused && {
              '& .RaRichTextInput-editorContent .ProseMirror': { borderColor: 'error.main' },
              '& .RaLabeled-label': { color: 'error.main' },
            }),
          }}
        >
          <RichTextInput
            source="messageBody"
            label={BODY_LABEL}
            validate={rule('messageBody')}
            readOnly={readOnly}
            editorOptions={readOnly ? READ_ONLY_EDITOR_OPTIONS : EDITOR_OPTIONS}
            toolbar={EDITOR_TOOLBAR}
            fullWidth
          />
        </Box>
      </Grid>
    </Grid>
  );
}
