// The personal to-do panel (local sample data, not saved; checked items go after 1 s).
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import { groupDigits } from '../../shared/persian-digits';
import { AddTodoField } from './AddTodoField';
import { DashboardCard } from './DashboardCard';
import { TodoItemRow } from './TodoItemRow';
import { useTodoList } from './useTodoList';

export const PERSONAL_TODO_REMOVAL_MS = 1000;

const SAMPLE = [
  { text: 'پیگیری پاسخ نامه واحد مالی', priority: 0 },
  { text: 'تنظیم صورت‌جلسه هفتگی', priority: 0 },
  { text: 'تماس با مشتری درباره تمدید قرارداد', priority: 0 },
];

export function PersonalTodoPanel() {
  const { items, add, toggle } = useTodoList(SAMPLE, PERSONAL_TODO_REMOVAL_MS);
  const open = items.filter((item) => !item.done).length;
  return (
    <DashboardCard
      title="یادداشت‌های من"
      icon={<ChecklistOutlined />}
      action={
        <Typography variant="caption" color="text.secondary">
          {groupDigits(open)} مورد باز
        </Typography>
      }
    >
      <AddTodoField label="کار جدید" onAdd={(text) => add(text)} />
      <List dense>
        {items.map((item) => (
          <TodoItemRow key={item.id} item={item} onToggle={() => toggle(item.id)} />
        ))}
      </List>
      {items.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          کاری در فهرست نیست
        </Typography>
      )}
    </DashboardCard>
  );
}
