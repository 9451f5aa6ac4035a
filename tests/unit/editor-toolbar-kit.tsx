// The letter editor's toolbar buttons tested over a real editor (ComposeTab's extensions):
// the editor made and the button drawn in react-admin's providers, and the hooks that sign
// in, take the drawing down and destroy the editor after each test. Shared by the colour,
// link and direction buttons' tests.
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import type { Editor as ReactEditor } from '@tiptap/react';
import { TiptapEditorContext } from 'ra-input-rich-text';
import { EDITOR_EXTENSIONS } from '../../src/custom/letters/letter/ComposeTab';
import { installMatchMedia, renderInAdmin, signIn } from './client-render';

let current: Editor | undefined;

/** An editor holding `content`, and `button` drawn with it as the letter screen draws it
 *  (`around` it: a form, say). */
export function drawWithEditor(
  button: ReactNode,
  content: string,
  around: (inner: ReactNode) => ReactNode = (inner) => inner,
): Editor {
  current = new Editor({ extensions: EDITOR_EXTENSIONS, content });
  renderInAdmin(
    around(
      <TiptapEditorContext.Provider value={current as unknown as ReactEditor}>
        {button}
      </TiptapEditorContext.Provider>,
    ),
  );
  return current;
}

/** The hooks every such test needs: signed in, the screen's media query, a clean slate. */
export function toolbarTestHooks() {
  beforeAll(() => {
    installMatchMedia();
    signIn();
  });
  afterEach(() => {
    cleanup();
    current?.destroy();
    current = undefined;
  });
  afterAll(() => vi.restoreAllMocks());
}
