// A to-do list kept in component state only (spec 1 §2: sample data, not saved).
// A checked item stays visible, struck through, for `removalDelayMs`, then goes.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TodoItem {
  id: number;
  text: string;
  done: boolean;
  /** 1 (highest) … 4, for the daily list; 0 for the personal panel. */
  priority: number;
}

let nextId = 1000;

export function useTodoList(initial: Array<Omit<TodoItem, 'id' | 'done'>>, removalDelayMs: number) {
  const [items, setItems] = useState<TodoItem[]>(() =>
    initial.map((item) => ({ ...item, id: nextId++, done: false })),
  );
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const add = useCallback((text: string, priority = 0) => {
    if (!text.trim()) return;
    setItems((list) => [...list, { id: nextId++, text: text.trim(), priority, done: false }]);
  }, []);

  const toggle = useCallback(
    (id: number) => {
      const pending = timers.current.get(id);
      if (pending) {
        // Unchecked again before it went: keep it.
        clearTimeout(pending);
        timers.current.delete(id);
        setItems((list) => list.map((item) => (item.id === id ? { ...item, done: false } : item)));
        return;
      }
      setItems((list) => list.map((item) => (item.id === id ? { ...item, done: true } : item)));
      const timer = setTimeout(() => {
        timers.current.delete(id);
        setItems((list) => list.filter((item) => item.id !== id));
      }, removalDelayMs);
      timers.current.set(id, timer);
    },
    [removalDelayMs],
  );

  return { items, add, toggle };
}
