/**
 * The date fields in the console's language (issue 28: one date format per language), not the
 * browser's: the generic forms' day and moment inputs (src/resources/ResourceForm.tsx), the suspend
 * dialog's from and till dates and the portal user's trial end date show `2025-03-04` in English
 * and `04.03.2025` in Polish, take the digits typed in that order, follow the language switch, and
 * send what the server expects (`YYYY-MM-DD`, an ISO instant) whatever the language.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { SaveButton, SimpleForm, Toolbar, useLocaleState } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { sensorModel, type FieldDecl } from '../../common/entities';
import { localInstant, nowFields } from '../../common/suspension';
import { TRIAL_USER } from './support/adpUser';
import { i18nProvider } from '../../src/i18n';
import { AdpUserPlanDialog } from '../../src/resources/adpUsers/AdpUserPlanDialog';
import { SuspendDialog } from '../../src/resources/installations/editors/SuspendDialog';
import type { Installation } from '../../src/resources/installations/types';
import { DeclaredInput, ResourceCreate, ResourceEdit } from '../../src/resources/ResourceForm';
import { TestAdmin, appDataProvider, signInAs } from './support/admin';

type Lang = 'en' | 'pl';
type User = ReturnType<typeof userEvent.setup>;

/** Switches the console to a language once mounted (and again when `lang` changes). */
function Language({ lang }: { lang: Lang }) {
  const [, setLocale] = useLocaleState();
  useEffect(() => setLocale(lang), [lang, setLocale]);
  return null;
}

/** The date field named by its label: the group of its sections (day, month, year…). */
const dateField = (name: RegExp) => screen.getByRole('group', { name });

/** What the field shows: its sections and their separators (not the label an outlined field also holds). */
const shown = (field: HTMLElement) => field.querySelector('.MuiPickersSectionList-root')?.textContent;

/** Types digits into a date field as a user does: a click on its first section, then one key after another. */
async function typeDigits(user: User, field: HTMLElement, digits: string) {
  await user.click(within(field).getAllByRole('spinbutton')[0]!);
  for (const digit of digits) await user.keyboard(digit);
}

/** A day's digits in the order the language writes it. */
const dayDigits = (lang: Lang, [y, m, d]: [string, string, string]) => (lang === 'pl' ? d + m + y : y + m + d);

beforeEach(async () => {
  localStorage.clear();
  // The catalogue provider is one for the module: a test in Polish leaves it so.
  await i18nProvider.changeLocale('en');
});

const LABELS = {
  en: {
    introduced: /^Introduced/,
    save: 'Save',
    fromDate: /^From date/,
    tillDate: /^Till date/,
    endDate: /^Trial end date/,
  },
  pl: {
    introduced: /^Wprowadzony/,
    save: 'Zapisz',
    fromDate: /^Data od/,
    tillDate: /^Data do/,
    endDate: /^Koniec okresu/,
  },
} as const;

describe('the generic forms of a declared resource (sensor models)', () => {
  /** Every other form field filled through the URL (react-admin's `?source=`), so only the date is typed. */
  const others = {
    name: 'AQ-9',
    manufacturer: 'Airly',
    communication: 'LORA',
    parameters: 'pm25',
    firmwareFamily: 'gen3',
  };

  function renderForms(lang: Lang, methods: Parameters<typeof appDataProvider>[0], path: string) {
    render(
      <TestAdmin path={path} dataProvider={appDataProvider(methods)}>
        <Language lang={lang} />
        <Routes>
          <Route path="/sensor-models/create" element={<ResourceCreate entity={sensorModel} />} />
          <Route path="/sensor-models/:id" element={<ResourceEdit entity={sensorModel} />} />
          <Route path="*" element={null} />
        </Routes>
      </TestAdmin>,
    );
  }

  it.each([
    ['en', '2025-03-04'],
    ['pl', '04.03.2025'],
  ] as const)('create in %s: the day typed shows as %s and is sent as 2025-03-04', async (lang, visible) => {
    signInAs(['view_sensors', 'add_sensors']);
    const user = userEvent.setup();
    const create = vi.fn(async () => ({ data: { id: 8 } }));
    renderForms(lang, { create }, `/sensor-models/create?source=${encodeURIComponent(JSON.stringify(others))}`);
    await screen.findByRole('button', { name: LABELS[lang].save });
    const field = dateField(LABELS[lang].introduced);
    await typeDigits(user, field, dayDigits(lang, ['2025', '03', '04']));
    expect(shown(field)).toBe(visible);
    await user.click(screen.getByRole('button', { name: LABELS[lang].save }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]).toMatchObject(['sensor-models', { data: { ...others, introducedOn: '2025-03-04' } }]);
  });

  it.each([
    ['en', '2025-03-04'],
    ['pl', '04.03.2025'],
  ] as const)("edit in %s: the record's day shows as %s, a new one is sent as YYYY-MM-DD", async (lang, visible) => {
    signInAs(['view_sensors', 'add_sensors']);
    const user = userEvent.setup();
    const record = { id: 3, ...others, introducedOn: '2025-03-04', inProduction: true };
    const update = vi.fn(async () => ({ data: record }));
    renderForms(lang, { getOne: async () => ({ data: record }), update }, '/sensor-models/3');
    await waitFor(() => expect(shown(dateField(LABELS[lang].introduced))).toBe(visible));
    await typeDigits(user, dateField(LABELS[lang].introduced), dayDigits(lang, ['2024', '12', '31']));
    expect(shown(dateField(LABELS[lang].introduced))).toBe(lang === 'pl' ? '31.12.2024' : '2024-12-31');
    await user.click(screen.getByRole('button', { name: LABELS[lang].save }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]).toMatchObject(['sensor-models', { data: { introducedOn: '2024-12-31' } }]);
  });

  it('follows the language switch: the same day, written as the new language writes it', async () => {
    signInAs(['view_sensors', 'add_sensors']);
    const record = { id: 3, ...others, introducedOn: '2025-03-04', inProduction: true };
    const view = (lang: Lang) => (
      <TestAdmin path="/sensor-models/3" dataProvider={appDataProvider({ getOne: async () => ({ data: record }) })}>
        <Language lang={lang} />
        <Routes>
          <Route path="/sensor-models/:id" element={<ResourceEdit entity={sensorModel} />} />
        </Routes>
      </TestAdmin>
    );
    const { rerender } = render(view('en'));
    await waitFor(() => expect(shown(dateField(LABELS.en.introduced))).toBe('2025-03-04'));
    rerender(view('pl'));
    await waitFor(() => expect(shown(dateField(LABELS.pl.introduced))).toBe('04.03.2025'));
  });

  describe('a date-and-time field', () => {
    const introduced = sensorModel.fields.find((f) => f.name === 'introducedOn')!;
    const moment: FieldDecl = { ...introduced, type: 'datetime', required: false };

    function renderMoment(lang: Lang, onSubmit: (values: unknown) => void, value?: string) {
      render(
        <TestAdmin>
          <Language lang={lang} />
          <SimpleForm
            resource="sensor-models"
            record={value === undefined ? undefined : { id: 1, introducedOn: value }}
            onSubmit={onSubmit}
            toolbar={
              <Toolbar>
                <SaveButton alwaysEnable />
              </Toolbar>
            }
          >
            <DeclaredInput entity={sensorModel} field={moment} />
          </SimpleForm>
        </TestAdmin>,
      );
    }

    it.each([
      ['en', '202503041430', '2025-03-04 14:30'],
      ['pl', '040320251430', '04.03.2025 14:30'],
    ] as const)(
      'in %s: typed %s shows as %s and is sent as the ISO instant of that local time',
      async (lang, digits, visible) => {
        const user = userEvent.setup();
        const onSubmit = vi.fn();
        renderMoment(lang, onSubmit);
        const field = await waitFor(() => dateField(LABELS[lang].introduced));
        await typeDigits(user, field, digits);
        expect(shown(field)).toBe(visible);
        await user.click(screen.getByRole('button', { name: LABELS[lang].save }));
        await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
        expect(onSubmit.mock.calls[0]![0]).toMatchObject({ introducedOn: new Date(2025, 2, 4, 14, 30).toISOString() });
      },
    );

    it("shows a stored instant in the user's local time", async () => {
      const instant = new Date(2025, 2, 4, 9, 5).toISOString();
      renderMoment('pl', vi.fn(), instant);
      await waitFor(() => expect(shown(dateField(LABELS.pl.introduced))).toBe('04.03.2025 09:05'));
    });
  });
});

describe('the suspend dialog', () => {
  const installation = { id: 41, installationId: 41 } as unknown as Installation;

  it.each(['en', 'pl'] as const)("in %s: from today and a till date typed in the language's order", async (lang) => {
    signInAs(['view_installations']);
    const user = userEvent.setup();
    const update = vi.fn(async () => ({ data: installation }));
    render(
      <TestAdmin dataProvider={appDataProvider({ update })}>
        <Language lang={lang} />
        <SuspendDialog installation={installation} param="pm10" action="suspend" onClose={() => undefined} />
      </TestAdmin>,
    );
    const { fromDate, fromTime } = nowFields();
    const [y, m, d] = fromDate.split('-') as [string, string, string];
    await waitFor(() =>
      expect(shown(dateField(LABELS[lang].fromDate))).toBe(lang === 'pl' ? `${d}.${m}.${y}` : fromDate),
    );
    const till = dateField(LABELS[lang].tillDate);
    await typeDigits(user, till, dayDigits(lang, ['2030', '01', '02']));
    expect(shown(till)).toBe(lang === 'pl' ? '02.01.2030' : '2030-01-02');
    // The till pair's rule still holds: a date without a time is refused.
    expect(await screen.findByTestId('suspend-alert')).toBeTruthy();
    // Times in 24 hours in both languages (the native time field showed the browser's "12:09 AM").
    expect(shown(dateField(lang === 'pl' ? /^Godzina od/ : /^From time/))).toBe(fromTime);
    const tillTime = dateField(lang === 'pl' ? /^Godzina do/ : /^Till time/);
    await typeDigits(user, tillTime, '1700');
    expect(shown(tillTime)).toBe('17:00');
    await waitFor(() => expect(screen.queryByTestId('suspend-alert')).toBeNull());
    const save = screen.getByRole('button', { name: LABELS[lang].save }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]).toMatchObject([
      'installations',
      {
        meta: {
          action: 'suspend',
          change: {
            startTime: localInstant(fromDate, fromTime),
            endTime: localInstant('2030-01-02', '17:00'),
            measurementsTypes: ['PM10'],
          },
        },
      },
    ]);
  });
});

describe("the portal user's trial end date", () => {
  const record = TRIAL_USER;

  it.each([
    ['en', '2099-01-01'],
    ['pl', '01.01.2099'],
  ] as const)('in %s: the trial end shows as %s, a new one is sent as YYYY-MM-DD', async (lang, visible) => {
    signInAs(['view_panel_users', 'view_plans', 'edit_panel_users_plans_and_trials']);
    const user = userEvent.setup();
    const setAdpTrial = vi.fn(async () => undefined);
    const methods = {
      setAdpTrial,
      getAdpPlans: async () => [
        { name: 'PLAN_ADVANCED', displayName: 'Advanced', isTrialPlan: false },
        { name: 'PLAN_EMPTY', displayName: 'Empty', isTrialPlan: false },
      ],
    };
    render(
      <TestAdmin dataProvider={appDataProvider(methods as never)}>
        <Language lang={lang} />
        <AdpUserPlanDialog record={record} onSaved={() => undefined} onClose={() => undefined} />
      </TestAdmin>,
    );
    await waitFor(() => expect(shown(dateField(LABELS[lang].endDate))).toBe(visible));
    await typeDigits(user, dateField(LABELS[lang].endDate), dayDigits(lang, ['2099', '02', '03']));
    expect(shown(dateField(LABELS[lang].endDate))).toBe(lang === 'pl' ? '03.02.2099' : '2099-02-03');
    const save = screen.getByRole('button', { name: LABELS[lang].save }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(setAdpTrial).toHaveBeenCalledTimes(1));
    expect(setAdpTrial.mock.calls[0]).toEqual([
      'adp-users',
      { userId: 12, trialPlanName: 'PLAN_ADVANCED', postTrialPlanName: 'PLAN_EMPTY', endDate: '2099-02-03' },
    ]);
  });
});
