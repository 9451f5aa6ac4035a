// @vitest-environment jsdom
// A paragraph's direction in the letter editor (DirectionButton.tsx): an English paragraph
// pasted or typed in a Persian letter keeps `dir="ltr"`, which the server and the print keep
// too (probe helper-96: «.Fourth English line (v2.0)», its full stop on the wrong side).
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { drawWithEditor, toolbarTestHooks } from './editor-toolbar-kit';
import {
  alignedLeftToRight,
  DirectionButton,
  LEFT_TO_RIGHT_LABEL,
} from '../../src/custom/letters/letter/DirectionButton';

let editor: Editor;

/** Each paragraph of the body as [direction, alignment, text]. */
const paragraphs = () =>
  [...new DOMParser().parseFromString(editor.getHTML(), 'text/html').querySelectorAll('p')].map((p) => [
    p.getAttribute('dir'),
    p.style.textAlign,
    p.textContent,
  ]);

function show(content: string) {
  editor = drawWithEditor(<DirectionButton />, content);
}

describe('a paragraph’s direction in the letter editor', () => {
  toolbarTestHooks();

  it('keeps a pasted paragraph’s ltr or rtl, and no other value', () => {
    show('<p dir="ltr">English line.</p><p dir="RTL">فارسی</p><p dir="auto">خودکار</p><p>بی‌جهت</p>');
    expect(paragraphs()).toEqual([
      ['ltr', 'right', 'English line.'],
      ['rtl', 'right', 'فارسی'],
      [null, 'right', 'خودکار'],
      [null, 'right', 'بی‌جهت'],
    ]);
  });

  it('turns the chosen paragraph left to right, aligned left, and back', async () => {
    show('<p>سلام</p><p>Dear colleagues,</p>');
    // The caret in the second paragraph.
    act(() => void editor.commands.setTextSelection(12));
    const button = screen.getByRole('button', { name: LEFT_TO_RIGHT_LABEL });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() =>
      expect(paragraphs()).toEqual([
        [null, 'right', 'سلام'],
        ['ltr', 'left', 'Dear colleagues,'],
      ]),
    );
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    await waitFor(() => expect(paragraphs()[1]).toEqual([null, 'right', 'Dear colleagues,']));
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('turns a list item and a table cell left to right, the list and table as they were', async () => {
    show('<ul><li><p>item</p></li></ul><table><tbody><tr><td><p>cell</p></td></tr></tbody></table>');
    act(() => void editor.commands.selectAll());
    fireEvent.click(screen.getByRole('button', { name: LEFT_TO_RIGHT_LABEL }));
    await waitFor(() => expect(editor.getHTML()).toMatch(/<li dir="ltr"/));
    const html = editor.getHTML();
    expect(html).toMatch(/<td[^>]*dir="ltr"/);
    expect(html).toMatch(/<ul>/);
    // (The editor keeps an empty paragraph after a table, to write below it.)
    expect(paragraphs().filter(([, , text]) => text)).toEqual([
      ['ltr', 'left', 'item'],
      ['ltr', 'left', 'cell'],
    ]);
  });

  it('starts a pasted left-to-right paragraph on the left unless it says otherwise (probe helper-100)', () => {
    expect(alignedLeftToRight('<p>فارسی</p>')).toBe('<p>فارسی</p>');
    show('<p></p>');
    act(() => void editor.commands.setTextSelection(1));
    // (jsdom has no ClipboardEvent: a plain paste event stands for it.) The first pasted
    // paragraph goes into the one the caret is in, and takes its look, as in any editor.
    editor.view.pasteHTML(
      '<p>اول</p><p dir="ltr">Pasted line.</p><p dir="LTR" style="text-align: center">Centred.</p><p>فارسی</p>',
      new Event('paste') as ClipboardEvent,
    );
    expect(paragraphs()).toEqual([
      [null, 'right', 'اول'],
      ['ltr', 'left', 'Pasted line.'],
      ['ltr', 'center', 'Centred.'],
      [null, 'right', 'فارسی'],
    ]);
  });
});
