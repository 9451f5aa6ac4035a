// @vitest-environment jsdom
// The letter editor's «پیوند» button: the address is asked for in a Persian dialog (not the
// browser's English window.prompt), checked, and set with the editor's own link command;
// a link the cursor is in is shown, changed or taken off.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { drawWithEditor, toolbarTestHooks } from './editor-toolbar-kit';
import { LinkButton } from '../../src/custom/letters/letter/LinkButton';
import {
  LINK_ADDRESS_INVALID,
  LINK_ADDRESS_LABEL,
  linkAddressError,
} from '../../src/custom/letters/letter/LinkDialog';

let editor: Editor;
const submitted = vi.fn();

/** The button over an editor holding «سلام دنیا», inside a form as the letter's is. */
function show(content = '<p>سلام دنیا</p>') {
  editor = drawWithEditor(<LinkButton />, content, (inner) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted();
      }}
    >
      {inner}
    </form>
  ));
}
const linkButton = () => screen.getByRole('button', { name: 'پیوند' });
/** «سلام» is the text from 1 to 5. */
const select = (from: number, to: number) => act(() => void editor.commands.setTextSelection({ from, to }));

describe('the editor’s link button', () => {
  toolbarTestHooks();
  afterEach(() => submitted.mockClear());

  it('asks for the address in Persian, refuses one that is not a web address, and links the selection', async () => {
    const prompt = vi.spyOn(window, 'prompt');
    show();
    // Nothing selected, no link: nothing to do.
    await waitFor(() => expect((linkButton() as HTMLButtonElement).disabled).toBe(true));
    select(1, 5);
    await waitFor(() => expect((linkButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(linkButton());
    const dialog = await screen.findByRole('dialog', { name: 'افزودن پیوند' });
    const field = within(dialog).getByLabelText(LINK_ADDRESS_LABEL);
    fireEvent.change(field, { target: { value: 'example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'افزودن' }));
    expect(within(dialog).getByText(LINK_ADDRESS_INVALID)).toBeTruthy();
    expect(editor.getHTML()).not.toContain('<a');

    fireEvent.change(field, { target: { value: ' https://example.com/a ' } });
    fireEvent.submit(field); // Enter in the field
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.getHTML()).toMatch(/<a [^>]*href="https:\/\/example\.com\/a"[^>]*>سلام<\/a> دنیا/);
    // Neither the browser's prompt nor the letter's own form (a save) was called.
    expect(prompt).not.toHaveBeenCalled();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('shows the link the cursor is in, changes it as a whole, or takes it off', async () => {
    show('<p><a href="https://a.example">سلام</a> دنیا</p>');
    // The cursor inside the link, nothing selected: the button is pressed and open.
    select(3, 3);
    await waitFor(() => expect(linkButton().getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(linkButton());
    let dialog = await screen.findByRole('dialog', { name: 'ویرایش پیوند' });
    const field = within(dialog).getByLabelText(LINK_ADDRESS_LABEL) as HTMLInputElement;
    expect(field.value).toBe('https://a.example');
    fireEvent.change(field, { target: { value: 'https://b.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.getHTML()).toMatch(/<a [^>]*href="https:\/\/b\.example"[^>]*>سلام<\/a>/);

    select(2, 2);
    fireEvent.click(linkButton());
    dialog = await screen.findByRole('dialog', { name: 'ویرایش پیوند' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'برداشتن پیوند' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.getHTML()).not.toContain('<a');
    expect(editor.getText()).toBe('سلام دنیا');
  });

  it('takes http and https addresses only', () => {
    expect(linkAddressError('')).toBe('الزامی است');
    expect(linkAddressError('https://example.com/path?q=1')).toBeUndefined();
    expect(linkAddressError('http://intranet.local')).toBeUndefined();
    for (const refused of [
      'example.com',
      'https://',
      'javascript:alert(1)',
      'ftp://example.com',
      'mailto:a@b.c',
    ]) {
      expect([refused, linkAddressError(refused)]).toEqual([refused, LINK_ADDRESS_INVALID]);
    }
  });
});
