// @vitest-environment jsdom
// The letter editor's colour buttons: every swatch is a button with a Persian name (the
// library's were bare boxes, nameless and out of the keyboard's reach), the arrow keys move
// between them right to left, a choice colours the selection, «بی‌رنگ» takes it off.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { drawWithEditor, toolbarTestHooks } from './editor-toolbar-kit';
import { ColourButtons, NO_COLOUR, SWATCHES } from '../../src/custom/letters/letter/ColourButtons';

let editor: Editor;

function show(content = '<p>سلام دنیا</p>') {
  editor = drawWithEditor(<ColourButtons />, content);
  // «سلام» is the text from 1 to 5.
  act(() => void editor.commands.setTextSelection({ from: 1, to: 5 }));
}

/** The body's HTML, the paragraphs' right alignment (the editor's default) left out. */
const html = () => editor.getHTML().replace(/<p style="text-align: right;?">/g, '<p>');

describe('the editor’s colour buttons', () => {
  toolbarTestHooks();

  it('names every swatch in Persian, each once', () => {
    expect(SWATCHES).toHaveLength(35);
    expect(new Set(SWATCHES.map((s) => s.label)).size).toBe(35);
    expect(SWATCHES.map((s) => s.label)).toContain('قرمز تیره');
    expect(SWATCHES.map((s) => s.label)).toContain('آبی خیلی روشن');
  });

  it('colours the selected text with a named swatch, reached by the keyboard, and takes it off', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'رنگ متن' }));
    const palette = await screen.findByRole('group', { name: 'رنگ متن' });
    const swatches = within(palette).getAllByRole('button');
    expect(swatches).toHaveLength(36); // 35 colours and «بی‌رنگ»
    // The first swatch has the focus; ← is the next one in a right-to-left row, ↓ the row below.
    await waitFor(() => expect(document.activeElement).toBe(swatches[0]));
    fireEvent.keyDown(swatches[0], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(swatches[1]);
    fireEvent.keyDown(swatches[1], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(swatches[8]);
    expect(swatches[8].getAttribute('aria-label')).toBe('قرمز تیره');
    fireEvent.click(swatches[8]);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'رنگ متن' })).toBeNull());
    expect(html()).toMatch(/<span style="color: (#d32f2f|rgb\(211, 47, 47\));?">سلام<\/span> دنیا/);

    act(() => void editor.commands.setTextSelection({ from: 1, to: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'رنگ متن' }));
    fireEvent.click(await screen.findByRole('button', { name: NO_COLOUR }));
    await waitFor(() => expect(html()).toBe('<p>سلام دنیا</p>'));
  });

  it('shades the selection and takes off a shade, a pasted one too', async () => {
    show('<p><span style="background-color: #ffeb3b">سلام</span> دنیا</p>');
    expect(html()).toContain('background-color');
    fireEvent.click(screen.getByRole('button', { name: 'رنگ زمینه' }));
    fireEvent.click(await screen.findByRole('button', { name: NO_COLOUR }));
    await waitFor(() => expect(html()).toBe('<p>سلام دنیا</p>'));

    act(() => void editor.commands.setTextSelection({ from: 1, to: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'رنگ زمینه' }));
    fireEvent.click(await screen.findByRole('button', { name: 'سبز روشن' }));
    await waitFor(() => expect(html()).toMatch(/<mark [^>]*>سلام<\/mark> دنیا/));
  });

  it('closes on Escape without changing the text', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'رنگ متن' }));
    const palette = await screen.findByRole('group', { name: 'رنگ متن' });
    fireEvent.keyDown(palette, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'رنگ متن' })).toBeNull());
    expect(html()).toBe('<p>سلام دنیا</p>');
  });
});
