/**
 * The console's date fields (src/components/inputs/LocaleDateInput.tsx, MUI X date pickers) as a
 * user fills them: a click on the field's first section, then the digits in the order the
 * console's language writes a day (English 2025-03-04, Polish 04.03.2025); the field then shows it so.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** A date field by its label: the group of its sections. */
export const dateField = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('group', { name });

/** Types a day (`YYYY-MM-DD`) into a date field, and checks that it shows it in the language's format. */
export async function typeDay(field: Locator, day: string, lang: 'en' | 'pl' = 'en') {
  const [y, m, d] = day.split('-') as [string, string, string];
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(lang === 'pl' ? d + m + y : y + m + d);
  await expect(field.locator('.MuiPickersSectionList-root')).toHaveText(lang === 'pl' ? `${d}.${m}.${y}` : day);
}

/** Types a time of day (`HH:mm`, 24 hours in every language) into a time field, and checks that it shows it. */
export async function typeTime(field: Locator, time: string) {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(time.replace(':', ''));
  await expect(field.locator('.MuiPickersSectionList-root')).toHaveText(time);
}
