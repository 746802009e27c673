/**
 * Numbers as the console's language writes them (`Intl.NumberFormat`): `1,234.56` in English,
 * `1234,56` in Polish (Polish groups thousands only from five digits, with a space). Coordinates
 * stay with a dot: they are copied into maps and links, which read no other form.
 */
import { useLocaleState } from 'react-admin';

const formats = new Map<string, Intl.NumberFormat>();

/** A number in the console's language; `fractionDigits` fixes the decimals (2 → `12.30` / `12,30`). */
export function formatNumber(value: number, locale: string, fractionDigits?: number): string {
  const key = `${locale}:${fractionDigits ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      fractionDigits === undefined
        ? undefined
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    formats.set(key, format);
  }
  return format.format(value);
}

/** `formatNumber` in the current language, as a text node. */
export function LocaleNumber({ value, fractionDigits }: { value: number; fractionDigits?: number }) {
  const [locale] = useLocaleState();
  return <>{formatNumber(value, locale, fractionDigits)}</>;
}
