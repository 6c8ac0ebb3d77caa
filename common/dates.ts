const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'day Mon. year' as the spec shows dates (e.g. '21 Nov. 2026'); 'Invalid Date' when it is not a date. */
export function formatDisplayDate(value: string | number | Date | null | undefined): string {
  const date = value instanceof Date ? value : new Date(value ?? Number.NaN);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${date.getDate()} ${MONTHS[date.getMonth()]}. ${date.getFullYear()}`;
}
