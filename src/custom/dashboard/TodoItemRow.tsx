// One to-do line: a checkbox and the text, struck through once checked. The line is the
// checkbox's label (clicking the text ticks it), not a button around a checkbox: a control
// inside another control is read twice by screen readers (axe: nested-interactive).
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { TodoItem } from './useTodoList';

export function TodoItemRow({
  item,
  onToggle,
  color,
}: {
  item: TodoItem;
  onToggle: () => void;
  color?: string;
}) {
  return (
    <ListItem disablePadding>
      <Box
        component="label"
        sx={{
          display: 'flex',
          alignItems: 'center',
          width: '100%',
          px: 1,
          borderRadius: 1,
          cursor: 'pointer',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Checkbox
          edge="start"
          size="small"
          checked={item.done}
          onChange={onToggle}
          sx={{ mr: 0.5, ...(color ? { color, '&.Mui-checked': { color } } : {}) }}
        />
        <ListItemText
          primary={item.text}
          sx={{
            textDecoration: item.done ? 'line-through' : 'none',
            color: item.done ? 'text.disabled' : 'text.primary',
          }}
        />
      </Box>
    </ListItem>
  );
}
