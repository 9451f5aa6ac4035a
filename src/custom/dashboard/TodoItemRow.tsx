// One to-do line: a checkbox and the text, struck through once checked.
import Checkbox from '@mui/material/Checkbox';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
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
      <ListItemButton dense onClick={onToggle} sx={{ borderRadius: 1 }}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Checkbox
            edge="start"
            size="small"
            checked={item.done}
            tabIndex={-1}
            disableRipple
            slotProps={{ input: { 'aria-label': item.text } }}
            sx={color ? { color, '&.Mui-checked': { color } } : undefined}
          />
        </ListItemIcon>
        <ListItemText
          primary={item.text}
          sx={{
            textDecoration: item.done ? 'line-through' : 'none',
            color: item.done ? 'text.disabled' : 'text.primary',
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}
