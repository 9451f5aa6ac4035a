// The editor's link button. ra-input-rich-text's own LinkButtons asks for the address with
// the browser's English window.prompt("URL"), takes whatever is typed and cannot take a
// link off; here a small Persian dialog asks (LinkDialog) and the same tiptap commands,
// setLink / unsetLink, apply it to the selected text or to the whole link the cursor is in.
import { useState } from 'react';
import ToggleButton, { type ToggleButtonProps } from '@mui/material/ToggleButton';
import InsertLink from '@mui/icons-material/InsertLink';
import { useEditorState } from '@tiptap/react';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';
import { lazyDialog } from '../../../ui/lazyDialog';

// Its code loads when it first opens.
const LinkDialog = lazyDialog(
  () => import('./LinkDialog').then((module) => module.LinkDialog),
  (props) => props.open,
);

/** The link commands (the Link extension's, in ra-input-rich-text's editor); their typing
 *  comes with that extension, which this app does not import itself. */
interface LinkChain {
  extendMarkRange(mark: 'link'): LinkChain;
  setLink(attributes: { href: string }): LinkChain;
  unsetLink(): LinkChain;
  run(): boolean;
}

export function LinkButton(props: Omit<ToggleButtonProps, 'value'>) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const label = translate('ra.tiptap.link');
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      /** The cursor or selection is in a link: the dialog edits it, or takes it off. */
      linked: current?.isActive('link') ?? false,
      href: String((current?.getAttributes('link').href as string | undefined) ?? ''),
      selected: current ? !current.state.selection.empty : false,
    }),
  });
  const [open, setOpen] = useState(false);
  const linkChain = () => editor?.chain().focus().extendMarkRange('link') as unknown as LinkChain | undefined;
  const close = () => {
    setOpen(false);
    editor?.commands.focus(); // back to the text, its selection as it was
  };
  return (
    <>
      <ToggleButton
        aria-label={label}
        title={label}
        {...props}
        value="link"
        // Something to link: selected text, or a link to change or take off.
        disabled={!editor?.isEditable || !(state?.selected || state?.linked)}
        selected={Boolean(state?.linked)}
        onClick={() => setOpen(true)}
      >
        <InsertLink fontSize="inherit" />
      </ToggleButton>
      <LinkDialog
        open={open}
        current={state?.linked ? state.href : ''}
        onClose={close}
        onConfirm={(href) => {
          linkChain()?.setLink({ href }).run();
          setOpen(false);
        }}
        onRemove={() => {
          linkChain()?.unsetLink().run();
          setOpen(false);
        }}
      />
    </>
  );
}
