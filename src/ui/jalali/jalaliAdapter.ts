// The MUI X adapter the Jalali pickers use: AdapterDateFnsJalali (date-fns-jalali, fa-IR
// locale: Saturday first) with three fixes.
import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import { jalaliMonthLength, tehranWallClock } from '../../shared/jalali';
import { toLatinDigits, toPersianDigits } from '../../shared/persian-digits';

export class JalaliPickerAdapter extends AdapterDateFnsJalali {
  constructor(...args: ConstructorParameters<typeof AdapterDateFnsJalali>) {
    super(...args);
    const formatLatin = this.formatByString;
    const parseLatin = this.parse;
    const setYearOverflowing = this.setYear;

    // 1. Digits. date-fns-jalali writes 0–9; a Persian reader expects ۰–۹. Everything the
    //    pickers show goes through formatByString, and the fields take their digits from
    //    it (typed Latin digits are mapped to these). Text coming back is read as Latin.
    this.formatByString = (value, formatString) => toPersianDigits(formatLatin(value, formatString));
    this.parse = (value, formatString) => parseLatin(toLatinDigits(value), formatString);
    // MUI X finds yyyy's zero padding by formatting year 1 and looking for a leading '0';
    // with '۰' it misses it, so give the length outright.
    this.formatTokenMap = {
      ...this.formatTokenMap,
      yyyy: { sectionType: 'year', contentType: 'digit', maxLength: 4 },
    };

    // 2. date-fns-jalali's setYear does not clamp the day: 30 Esfand 1403 → year 1404 gave
    //    1 Farvardin 1405 (typing a year in the field jumped a year). Clamp to Esfand 29.
    this.setYear = (value, year) => {
      const length = jalaliMonthLength(year, this.getMonth(value) + 1);
      const day = this.getDate(value);
      return setYearOverflowing(day > length ? this.setDate(value, length) : value, year);
    };

    // 3. "Now" is Iran's: the calendars mark today, and the pickers open on it, by the clock
    //    in Tehran, as every date the portal shows is (the greeting's «شنبه ۷ آذر» beside a
    //    calendar ringing Friday the 6th on a device set to another time zone).
    const dateOf = this.date;
    this.date = ((value?: unknown) => {
      if (value !== undefined) return dateOf(value as never);
      const now = tehranWallClock(new Date());
      return new Date(now.year, now.month - 1, now.day, now.hour, now.minute);
    }) as typeof this.date;
  }
}
