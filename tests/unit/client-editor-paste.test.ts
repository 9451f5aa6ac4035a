// @vitest-environment jsdom
// The letter body's editor (ComposeTab's extensions) keeps what a pasted Word or web page
// text carries and the server keeps too (body.ts): a span's colour and its shade, a table.
import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { EDITOR_EXTENSIONS } from '../../src/custom/letters/letter/ComposeTab';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const editorWith = (html: string) => {
  editor = new Editor({ extensions: EDITOR_EXTENSIONS, content: html });
  return editor.getHTML();
};

describe('the letter editor', () => {
  it('keeps a pasted span’s background colour beside its colour', () => {
    const html = editorWith(
      '<p><span style="background-color: yellow">زرد</span> و <span style="color: red">سرخ</span></p>',
    );
    expect(html).toContain('background-color: yellow');
    expect(html).toContain('color: red');
    expect(html).toContain('زرد');
  });

  it('keeps the toolbar’s own shade as a mark', () => {
    const html = editorWith('<p><mark data-color="#ffff00" style="background-color: #ffff00">زرد</mark></p>');
    expect(html).toMatch(/<mark[^>]*background-color: (#ffff00|rgb\(255, 255, 0\))/);
  });

  it('drops a style it does not know', () => {
    const html = editorWith('<p><span style="position: fixed; background-image: url(x)">متن</span></p>');
    expect(html).not.toContain('position');
    expect(html).not.toContain('url(');
    expect(html).toContain('متن');
  });

  it('moves from cell to cell with Tab, and lets Tab leave the editor at the last cell, adding no row (probe helper-97)', () => {
    editorWith('<table><tbody><tr><td><p>الف</p></td><td><p>ب</p></td></tr></tbody></table>');
    const view = editor!.view;
    const tab = () =>
      view.someProp('handleKeyDown', (handle) =>
        handle(view, new KeyboardEvent('keydown', { key: 'Tab' })),
      ) ?? false;
    const rows = () => (editor!.getHTML().match(/<tr>/g) ?? []).length;
    editor!.commands.setTextSelection(4); // in «الف»
    expect(tab()).toBe(true); // on to «ب»
    expect(editor!.state.selection.$from.parent.textContent).toBe('ب');
    // The last cell: the key is the browser's (focus moves on), the table as it was.
    expect(tab()).toBe(false);
    expect(rows()).toBe(1);
  });
});
