// Days a writer gives (a doc's last_update, a post's date or dated file name), as YYYY-MM-DD. A string of that shape
// is not yet a day: JavaScript's Date turns 2026-02-31 into March 3rd without a word, so each is checked here,
// where it is read, and refused with why.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Why `date` (YYYY-MM-DD) is not a day of the calendar ("February 2026 has 28 days"), or undefined when it is. */
export function calendarDateProblem(date: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return 'it is not written YYYY-MM-DD';
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (day < 1) return 'there is no day 0';
  if (day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  return undefined;
}
