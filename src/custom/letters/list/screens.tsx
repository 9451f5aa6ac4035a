// What src/routes.ts loads for each letter list route: the generic list with its settings.
import type { ComponentType } from 'react';
import { LetterList } from './LetterList';
import { LETTER_LISTS } from './listScreens';

export function letterListScreen(routeName: string): { default: ComponentType } {
  const config = LETTER_LISTS[routeName];
  return { default: () => <LetterList config={config} /> };
}
