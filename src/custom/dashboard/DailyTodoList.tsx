// The four-priority daily to-do list (local sample data, not saved; checked items go
// after 0.5 s).
import { useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TodayOutlined from '@mui/icons-material/TodayOutlined';
import { AddTodoField } from './AddTodoField';
import { DashboardCard } from './DashboardCard';
import { TodoItemRow } from './TodoItemRow';
import { useTodoList } from './useTodoList';

export const DAILY_TODO_REMOVAL_MS = 500;

// Each colour writes its caption on white at 4.5:1 or more (WCAG AA for small text).
export const PRIORITIES = [
  { value: 1, label: 'فوری و مهم', color: '#D32F2F' },
  { value: 2, label: 'مهم', color: '#B45309' },
  { value: 3, label: 'فوری', color: '#1976D2' },
  { value: 4, label: 'عادی', color: '#2E7D32' },
];

const SAMPLE = [
  { text: 'امضای نامه‌های صادره', priority: 1 },
  { text: 'بررسی گزارش پیشرفت پروژه', priority: 2 },
  { text: 'پاسخ به نامه‌های وارده امروز', priority: 3 },
  { text: 'مرتب کردن بایگانی', priority: 4 },
];

export function DailyTodoList() {
  const { items, add, toggle } = useTodoList(SAMPLE, DAILY_TODO_REMOVAL_MS);
  const [priority, setPriority] = useState(1);
  const prioritySelect = (
    <TextField
      select
      size="small"
      label="اولویت"
      value={priority}
      onChange={(e) => setPriority(Number(e.target.value))}
      sx={{ width: 160, flexShrink: 0 }}
    >
      {PRIORITIES.map((p) => (
        <MenuItem key={p.value} value={p.value}>
          {p.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <DashboardCard title="کارهای امروز" icon={<TodayOutlined />}>
      <AddTodoField label="کار امروز" onAdd={(text) => add(text, priority)} extra={prioritySelect} />
      <Box sx={{ display: 'grid', gap: 1, mt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {PRIORITIES.map((p) => (
          <Box key={p.value} sx={{ borderInlineStart: 3, borderColor: p.color, ps: 1 }}>
            <Typography variant="caption" sx={{ color: p.color, fontWeight: 700 }}>
              {p.label}
            </Typography>
            <List dense disablePadding>
              {items
                .filter((item) => item.priority === p.value)
                .map((item) => (
                  <TodoItemRow key={item.id} item={item} color={p.color} onToggle={() => toggle(item.id)} />
                ))}
            </List>
          </Box>
        ))}
      </Box>
    </DashboardCard>
  );
}
