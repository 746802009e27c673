/**
 * A day or a moment typed and picked in the console's language (issue 28: one date format per
 * language everywhere), in place of the native `<input type="date">` / `datetime-local`, whose
 * format follows the browser's (mm/dd/yyyy on an en-US browser, whatever the console's language):
 * English in the console's ISO-like order (`2025-03-04`, `2025-03-04 14:30`), Polish as date-fns's
 * `pl` writes it (`04.03.2025`, `04.03.2025 14:30`), with the calendar's texts in the same language
 * (MUI X's `plPL`). The language is react-admin's current locale, so the field follows the switch.
 *
 * The form value is what the server expects, as with the native inputs: a day as `YYYY-MM-DD`, a
 * moment as an ISO 8601 instant in UTC (the local time typed, minutes precision); empty (and a
 * date typed in part or not a real day) is `null`. Typing goes section by section (day, month,
 * year…: digits move on by themselves, arrows change a section), the calendar button opens the
 * picker. Validation, required, disabled and helper text as react-admin's own inputs.
 *
 * Only screens loaded after sign-in use it (the picker stays out of the sign-in chunk).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useThemeProps, type TextFieldProps } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { DesktopTimePicker } from '@mui/x-date-pickers/DesktopTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { plPL, type PickersLocaleText } from '@mui/x-date-pickers/locales';
import { format as formatDate, isValid } from 'date-fns';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { dateLocale, toDate } from '../dates';

export type DateKind = 'date' | 'datetime' | 'time';

/** The field's format per language and kind (date-fns patterns); English for any other language. */
const ENGLISH: Record<DateKind, string> = { date: 'yyyy-MM-dd', datetime: 'yyyy-MM-dd HH:mm', time: 'HH:mm' };
const FORMATS: Record<string, Record<DateKind, string>> = {
  en: ENGLISH,
  pl: { date: 'dd.MM.yyyy', datetime: 'dd.MM.yyyy HH:mm', time: 'HH:mm' },
};

/** The pattern a field of this kind shows in this language. */
export const inputFormat = (locale: string, kind: DateKind): string => (FORMATS[locale] ?? ENGLISH)[kind];

/** The form value of a date picked or typed: `YYYY-MM-DD`, an ISO instant, or null (empty or not a date). */
export function toFormValue(date: Date | null, kind: DateKind): string | null {
  if (date === null || !isValid(date)) return null;
  if (kind === 'date') return formatDate(date, 'yyyy-MM-dd');
  if (kind === 'time') return formatDate(date, 'HH:mm');
  const minute = new Date(date);
  minute.setSeconds(0, 0);
  return minute.toISOString();
}

/** The picker's value of a form value (a `YYYY-MM-DD` day is that local day; an instant its local time). */
export function fromFormValue(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A time of day (`HH:mm`): that time today.
  const time = typeof value === 'string' ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  if (time) {
    const today = new Date();
    today.setHours(Number(time[1]), Number(time[2]), 0, 0);
    return today;
  }
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  const date = toDate(value);
  return isValid(date) ? date : null;
}

/** The picker's texts: MUI X's own in English, its `plPL` in Polish, with what plPL leaves English. */
function useLocaleText(locale: string): Partial<PickersLocaleText> | undefined {
  const translate = useTranslate();
  return useMemo(() => {
    const own: Partial<PickersLocaleText> = {
      empty: translate('aq.datePicker.empty'),
      fieldYearPlaceholder: ({ digitAmount }) => translate('aq.datePicker.yearLetter').repeat(digitAmount),
      fieldHoursPlaceholder: () => translate('aq.datePicker.hoursPlaceholder'),
    };
    if (locale !== 'pl') return own;
    return { ...plPL.components.MuiLocalizationProvider.defaultProps.localeText, ...own };
  }, [locale, translate]);
}

export interface LocaleDateInputProps {
  source: string;
  /** A message key or text, as react-admin's inputs take it. */
  label?: string;
  /** `date` (default): a day, `YYYY-MM-DD`; `datetime`: a moment, an ISO instant; `time`: a time of day, `HH:mm` (24-hour in every language). */
  kind?: DateKind;
  validate?: Validator | Validator[];
  isRequired?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** A message key or text under the field; `false`: no line kept for it (an error still shows). */
  helperText?: ReactNode | false;
  fullWidth?: boolean;
  defaultValue?: unknown;
  className?: string;
}

/** A react-admin input (useInput) of a day or a moment, in the console's language. */
export function LocaleDateInput({
  source,
  label,
  kind = 'date',
  validate,
  isRequired: isRequiredProp,
  disabled,
  readOnly,
  helperText,
  fullWidth = true,
  defaultValue,
  className,
}: LocaleDateInputProps) {
  const [locale] = useLocaleState();
  const localeText = useLocaleText(locale);
  // The theme's text field look (variant, margin, size), as react-admin's text inputs take it.
  const themed = useThemeProps<object, Partial<TextFieldProps>, 'MuiTextField'>({ props: {}, name: 'MuiTextField' });
  const { field, fieldState, id, isRequired } = useInput({
    source,
    validate,
    isRequired: isRequiredProp,
    disabled,
    readOnly,
    defaultValue,
    // The form value as it is (useInput's default turns null into '').
    format: (value: unknown) => value,
    parse: (value: unknown) => value,
  });

  // The picker keeps its own value (a date typed in part is an invalid Date there, null in the
  // form), as react-admin's DateInput keeps its native input's: a controlled value coming back a
  // render late, as it does while the form validates on every change, would make the picker lose
  // the digits just typed. A value the form gets from elsewhere (a reset, a record loaded) starts
  // the picker again from it.
  const [start, setStart] = useState(() => ({ value: fromFormValue(field.value), key: 0 }));
  const lastSet = useRef<unknown>(field.value);
  useEffect(() => {
    if (field.value === lastSet.current) return;
    lastSet.current = field.value;
    setStart(({ key }) => ({ value: fromFormValue(field.value), key: key + 1 }));
  }, [field.value]);

  const onChange = (date: Date | null) => {
    const value = toFormValue(date, kind);
    lastSet.current = value;
    field.onChange(value);
  };

  const { error, invalid } = fieldState;
  const showHelper = helperText !== false || invalid;
  const common = {
    defaultValue: start.value,
    onChange,
    format: inputFormat(locale, kind),
    disabled,
    readOnly,
    inputRef: field.ref,
    name: field.name,
    label:
      label !== undefined && label !== '' ? (
        <FieldTitle label={label} source={source} isRequired={isRequired} />
      ) : undefined,
    className: ['ra-input', `ra-input-${source}`, className].filter(Boolean).join(' '),
    slotProps: {
      textField: {
        id,
        onBlur: field.onBlur,
        error: invalid,
        fullWidth,
        variant: themed.variant,
        margin: themed.margin,
        size: themed.size,
        helperText: showHelper ? (
          <InputHelperText error={error?.message} helperText={helperText === false ? undefined : helperText} />
        ) : null,
      },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateLocale(locale)} localeText={localeText}>
      {kind === 'date' ? (
        <DesktopDatePicker key={start.key} {...common} />
      ) : kind === 'time' ? (
        <DesktopTimePicker key={start.key} {...common} ampm={false} />
      ) : (
        <DesktopDateTimePicker key={start.key} {...common} ampm={false} />
      )}
    </LocalizationProvider>
  );
}
