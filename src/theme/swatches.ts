// The 30 theme colours of the dashboard's picker (spec 1 §9): Material palette shades
// 700 and 900 of fifteen hues — dark enough for white text on the top bar and buttons.
// #7B1FA2 (purple 700) is the default.

export interface Swatch {
  color: string;
  /** Persian name, for screen readers and tooltips. */
  name: string;
}

const HUES: Array<[name: string, shade700: string, shade900: string]> = [
  ['بنفش', '#7B1FA2', '#4A148C'],
  ['بنفش تیره', '#512DA8', '#311B92'],
  ['نیلی', '#303F9F', '#1A237E'],
  ['آبی', '#1976D2', '#0D47A1'],
  ['آبی روشن', '#0288D1', '#01579B'],
  ['فیروزه‌ای', '#0097A7', '#006064'],
  ['سبزآبی', '#00796B', '#004D40'],
  ['سبز', '#388E3C', '#1B5E20'],
  ['سبز روشن', '#689F38', '#33691E'],
  ['نارنجی', '#F57C00', '#E65100'],
  ['نارنجی تیره', '#E64A19', '#BF360C'],
  ['قرمز', '#D32F2F', '#B71C1C'],
  ['صورتی', '#C2185B', '#880E4F'],
  ['قهوه‌ای', '#5D4037', '#3E2723'],
  ['خاکستری آبی', '#455A64', '#263238'],
];

export const SWATCHES: Swatch[] = HUES.flatMap(([name, shade700, shade900]) => [
  { color: shade700, name },
  { color: shade900, name: `${name} پررنگ` },
]);

export const DEFAULT_SWATCH = '#7B1FA2';

export const sameColor = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
