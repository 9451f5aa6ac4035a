// A paragraph's direction: a letter is Persian, right to left, but may quote a paragraph of
// English — right to left it reads «.Fourth English line (v2.0)», its full stop on the wrong
// side. The paragraph's `dir` (as Word and web pages paste it, or as this button sets it)
// is kept by the editor, the server (body.ts) and the print.
import type { MouseEvent } from 'react';
import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { ToggleButton, ToggleButtonGroup, type ToggleButtonGroupProps } from '@mui/material';
import FormatTextdirectionLToR from '@mui/icons-material/FormatTextdirectionLToR';
import { useTiptapEditor } from 'ra-input-rich-text';

export const LEFT_TO_RIGHT_LABEL = 'متن چپ‌به‌راست';

/** The blocks that carry a direction of their own. */
const DIRECTED = ['paragraph', 'heading', 'listItem', 'blockquote', 'tableCell', 'tableHeader'];

/**
 * A pasted left-to-right block that sets no alignment of its own starts on the left, as its
 * page showed it: the editor's default alignment is right, which would hold it there (and
 * show the direction button pressed for a paragraph that looks right-aligned).
 */
export function alignedLeftToRight(html: string): string {
  if (!/\bdir\s*=\s*["']?ltr/i.test(html)) return html;
  const page = new DOMParser().parseFromString(html, 'text/html');
  for (const block of page.body.querySelectorAll<HTMLElement>('[dir]')) {
    if (block.getAttribute('dir')?.toLowerCase() !== 'ltr') continue;
    if (!block.style.textAlign && !block.hasAttribute('align')) block.style.textAlign = 'left';
  }
  return page.body.innerHTML;
}

/** `dir="ltr"` / `dir="rtl"` read from pasted or saved HTML and written back; nothing else. */
export const ParagraphDirection = Extension.create({
  name: 'paragraphDirection',
  addProseMirrorPlugins: () => [new Plugin({ props: { transformPastedHTML: alignedLeftToRight } })],
  addGlobalAttributes: () => [
    {
      types: DIRECTED,
      attributes: {
        dir: {
          default: null,
          parseHTML: (element: HTMLElement) => {
            const dir = element.getAttribute('dir')?.toLowerCase();
            return dir === 'ltr' || dir === 'rtl' ? dir : null;
          },
          renderHTML: (attributes: { dir?: string | null }) =>
            attributes.dir ? { dir: attributes.dir } : {},
        },
      },
    },
  ],
});

// The commands come with @tiptap/core (setTextDirection) and the text-align extension
// (setTextAlign); the latter's typing is not imported by this app.
type DirectionChain = {
  setTextDirection(direction: 'ltr'): DirectionChain;
  unsetTextDirection(): DirectionChain;
  setTextAlign(align: string): DirectionChain;
  run(): boolean;
};

/** Turns the selected paragraphs left to right (aligned left) and back (aligned right). */
export function DirectionButton(props: ToggleButtonGroupProps) {
  const editor = useTiptapEditor();
  const leftToRight = useEditorState({
    editor,
    selector: ({ editor: current }) => DIRECTED.some((type) => current?.isActive(type, { dir: 'ltr' })),
  });
  const toggle = (_: MouseEvent<HTMLElement>) => {
    const chain = editor?.chain().focus() as unknown as DirectionChain | undefined;
    if (leftToRight) chain?.unsetTextDirection().setTextAlign('right').run();
    else chain?.setTextDirection('ltr').setTextAlign('left').run();
  };
  return (
    <ToggleButtonGroup {...props} disabled={!editor?.isEditable}>
      <ToggleButton
        value="ltr"
        selected={leftToRight}
        onChange={toggle}
        aria-label={LEFT_TO_RIGHT_LABEL}
        title={LEFT_TO_RIGHT_LABEL}
      >
        <FormatTextdirectionLToR fontSize="inherit" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
