// The editor's alignment toggles for Persian text: a paragraph with no alignment of its own
// is right-aligned (ComposeTab's defaultAlignment), so «راست‌چین» shows pressed for it —
// ra-input-rich-text's own buttons fall back to «چپ‌چین» until the editor is focused.
import type { MouseEvent } from 'react';
import { useEditorState } from '@tiptap/react';
import { ToggleButton, ToggleButtonGroup, type ToggleButtonGroupProps } from '@mui/material';
import FormatAlignCenter from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustify from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRight from '@mui/icons-material/FormatAlignRight';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

const ALIGNMENTS = [
  { value: 'right', label: 'ra.tiptap.align_right', Icon: FormatAlignRight },
  { value: 'center', label: 'ra.tiptap.align_center', Icon: FormatAlignCenter },
  { value: 'left', label: 'ra.tiptap.align_left', Icon: FormatAlignLeft },
  { value: 'justify', label: 'ra.tiptap.align_justify', Icon: FormatAlignJustify },
] as const;

export function AlignmentButtons(props: ToggleButtonGroupProps) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const value = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      ALIGNMENTS.find((a) => a.value !== 'right' && current?.isActive({ textAlign: a.value }))?.value ??
      'right',
  });
  const align = (_: MouseEvent<HTMLElement>, next: string | null) => {
    // setTextAlign is the text-align extension's command (ra-input-rich-text's editor has it);
    // its typing comes with that package, which this app does not import itself.
    const chain = editor?.chain().focus() as unknown as
      { setTextAlign(a: string): { run(): boolean } } | undefined;
    if (next) chain?.setTextAlign(next).run();
  };
  return (
    <ToggleButtonGroup {...props} disabled={!editor?.isEditable} exclusive onChange={align} value={value}>
      {ALIGNMENTS.map(({ value: option, label, Icon }) => (
        <ToggleButton key={option} value={option} aria-label={translate(label)} title={translate(label)}>
          <Icon fontSize="inherit" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
