/**
 * Every date the console shows is written here (document 1, section 9: "YYYY-MM-DD HH:mm:ssZ plus
 * relative time"), with date-fns and its en and pl locales: a moment as `YYYY-MM-DD HH:mm:ssZ`, a
 * day as `YYYY-MM-DD` (the same digits in every language), and what depends on the language — the
 * relative time ("3 days ago", "3 dni temu") and chart ticks ("Dec 10", "10 gru") — in the
 * console's. Never `toLocaleString()`, whose order follows the browser (`12/10/2026`).
 */
import { format, formatDistanceStrict, isValid, parseISO, type Locale } from 'date-fns';
import { enUS, pl } from 'date-fns/locale';

export type DateValue = Date | string | number;

const LOCALES: Record<string, Locale> = { en: enUS, pl };

/** date-fns's locale of a console language (English for any other). */
export const dateLocale = (locale: string): Locale => LOCALES[locale] ?? enUS;

const MOMENT = 'yyyy-MM-dd HH:mm:ssXXX';
const DAY = 'yyyy-MM-dd';

/**
 * A value as a date: ISO texts as ISO (a day alone, `2026-12-10`, is that day here rather than
 * midnight UTC), other texts as the browser reads them.
 */
export function toDate(value: DateValue): Date {
  if (typeof value !== 'string') return new Date(value);
  const parsed = parseISO(value);
  return isValid(parsed) ? parsed : new Date(value);
}

/** Whether a value is a date at all. */
export const isDate = (value: DateValue): boolean => isValid(toDate(value));

/** A moment: `2026-12-10 10:30:00+01:00`. A value that is no date is shown as it came. */
export function formatDateTime(value: DateValue): string {
  const date = toDate(value);
  return isValid(date) ? format(date, MOMENT) : String(value);
}

/** A day (an end of deal, a trial's end): `2026-12-10`. A value that is no date is shown as it came. */
export function formatDate(value: DateValue): string {
  const date = toDate(value);
  return isValid(date) ? format(date, DAY) : String(value);
}

/** 'in 3 days' / '3 days ago' in the console's language ('za 3 dni' / '3 dni temu'). */
export function relativeTime(value: DateValue, now: number, locale: string): string {
  return formatDistanceStrict(toDate(value), now, { addSuffix: true, locale: dateLocale(locale) });
}

/** Day and month as each language orders them ("Dec 10", "10 gru"). */
const DAY_MONTH: Record<string, string> = { en: 'MMM d', pl: 'd MMM' };

/** A time axis tick: day and month too over a span of more than a day, seconds within an hour. */
export function chartTick(value: DateValue, spanMs: number, locale: string): string {
  const time = spanMs > 3_600_000 ? 'HH:mm' : 'HH:mm:ss';
  const pattern = spanMs > 86_400_000 ? `${DAY_MONTH[locale] ?? DAY_MONTH.en} ${time}` : time;
  return format(toDate(value), pattern, { locale: dateLocale(locale) });
}
