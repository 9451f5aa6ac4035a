// The calendar's weekday headings as a Persian reader knows them: ش ی د س چ پ ج, Saturday
// first. MUI X takes the first character of the locale's short name, which for fa-IR is
// «۱ش», «۲ش», … (so it showed ش ۱ ۲ ۳ ۴ ۵ ج).

/** Indexed by Date#getDay(): 0 is Sunday (یکشنبه). */
const LETTERS = ['ی', 'د', 'س', 'چ', 'پ', 'ج', 'ش'];

export function persianWeekdayLetter(day: Date): string {
  return LETTERS[day.getDay()];
}
