// A one-line field that adds a to-do on Enter or with its button.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';

export function AddTodoField({
  label,
  onAdd,
  extra,
}: {
  label: string;
  onAdd: (text: string) => void;
  extra?: ReactNode;
}) {
  const [text, setText] = useState('');
  const submit = () => {
    onAdd(text);
    setText('');
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      // On a phone the text keeps a usable width: what is beside it wraps to the next line.
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <TextField
        size="small"
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ flex: '1 1 12rem' }}
      />
      {extra}
      <IconButton type="submit" color="primary" aria-label="افزودن" disabled={!text.trim()}>
        <AddIcon />
      </IconButton>
    </Box>
  );
}
