/** The inline tag editors: the boolean cycle, ENUM, INTEGER and FLOAT, read-only META, and the sensor wiring. */
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { render } from './i18n';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, memoryStore, testDataProvider } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { TagValueInput } from '../../src/components/sensors/TagValueInput';
import { nextBooleanValue, parseTagText } from '../../src/components/sensors/tagValues';
import { SensorTagField } from '../../src/resources/sensors/SensorTagField';
import type { Sensor } from '../../src/resources/sensors/types';
import type { Tag, TagValue } from '../../src/resources/tags/types';

const tag = (type: Tag['type'], values: string[] = []): Tag => ({ id: 5, name: `${type} tag`, type, values });

/** A tag editor whose value follows what it saved, like a cell after the server answered. */
function Editor({ tag: t, initial, onSave }: { tag: Tag; initial: TagValue; onSave: (v: TagValue) => void }) {
  const [value, setValue] = useState<TagValue>(initial);
  return (
    <TagValueInput
      tag={t}
      value={value}
      label={t.name}
      onSave={async (v) => {
        onSave(v);
        setValue(v);
      }}
    />
  );
}

describe('boolean tag', () => {
  it('cycles null → true → false → null', () => {
    expect(nextBooleanValue(null)).toBe(true);
    expect(nextBooleanValue(undefined)).toBe(true);
    expect(nextBooleanValue(true)).toBe(false);
    expect(nextBooleanValue(false)).toBe(null);
  });

  it('saves the next value of the cycle on each click', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    render(<Editor tag={tag('BOOLEAN')} initial={null} onSave={saved} />);
    await user.click(screen.getByRole('button', { name: '—, BOOLEAN tag' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, BOOLEAN tag' }));
    await user.click(await screen.findByRole('button', { name: 'No, BOOLEAN tag' }));
    await screen.findByRole('button', { name: '—, BOOLEAN tag' });
    expect(saved.mock.calls.map(([v]) => v)).toEqual([true, false, null]);
  });
});

describe('ENUM tag', () => {
  it('offers the tag values plus an empty entry, and saves the choice (empty clears)', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    render(<Editor tag={tag('ENUM', ['Compact', 'Rooftop', 'Standard'])} initial="Standard" onSave={saved} />);
    const select = screen.getByRole('combobox', { name: /, ENUM tag$/ });
    expect(select.textContent).toBe('Standard');
    await user.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['—', 'Compact', 'Rooftop', 'Standard']);
    await user.click(screen.getByRole('option', { name: 'Rooftop' }));
    await waitFor(() => expect(saved).toHaveBeenLastCalledWith('Rooftop'));
    await user.click(screen.getByRole('combobox', { name: /, ENUM tag$/ }));
    await user.click(await screen.findByRole('option', { name: '—' }));
    await waitFor(() => expect(saved).toHaveBeenLastCalledWith(null));
  });
});

describe('INTEGER and FLOAT tags', () => {
  it('an INTEGER editor refuses a fraction and saves a number', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    render(<Editor tag={tag('INTEGER')} initial={3} onSave={saved} />);
    await user.click(screen.getByRole('button', { name: /, edit INTEGER tag$/ }));
    const input = screen.getByRole('textbox', { name: 'INTEGER tag' });
    await user.clear(input);
    await user.type(input, '3.5{Enter}');
    expect(await screen.findByText('It must be an integer')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, '42{Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalledWith(42));
    expect(await screen.findByRole('button', { name: /, edit INTEGER tag$/ })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
  });

  it('a FLOAT editor reads a comma as a decimal point and refuses text', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    render(<Editor tag={tag('FLOAT')} initial={null} onSave={saved} />);
    await user.click(screen.getByRole('button', { name: /, edit FLOAT tag$/ }));
    const input = screen.getByRole('textbox', { name: 'FLOAT tag' });
    await user.type(input, 'abc{Enter}');
    expect(await screen.findByText('It must be a float')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '-1,25{Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalledWith(-1.25));
  });

  it('Escape cancels, and empty text clears the value', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    render(<Editor tag={tag('STRING')} initial="B2022-05" onSave={saved} />);
    await user.click(screen.getByRole('button', { name: /, edit STRING tag$/ }));
    await user.type(screen.getByRole('textbox', { name: 'STRING tag' }), 'xyz{Escape}');
    expect(saved).not.toHaveBeenCalled();
    expect(screen.getByText('B2022-05')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /, edit STRING tag$/ }));
    await user.clear(screen.getByRole('textbox', { name: 'STRING tag' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveBeenCalledWith(null));
  });

  it('parses typed text per type', () => {
    expect(parseTagText('INTEGER', ' 7 ')).toEqual({ value: 7 });
    expect(parseTagText('INTEGER', '7e3').error?.en).toBe('It must be an integer');
    expect(parseTagText('FLOAT', '2,5')).toEqual({ value: 2.5 });
    expect(parseTagText('STRING', '  a b ')).toEqual({ value: 'a b' });
    expect(parseTagText('TEXT', '  line 1\nline 2 ')).toEqual({ value: 'line 1\nline 2' });
    expect(parseTagText('FLOAT', '   ')).toEqual({ value: null });
  });
});

describe('read-only values', () => {
  it('META tags are never editable', () => {
    render(<TagValueInput tag={tag('META')} value="fw-build-1" onSave={async () => {}} />);
    expect(screen.getByText('fw-build-1')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a value of the wrong type shows INVALID TYPE', () => {
    render(<TagValueInput tag={tag('BOOLEAN')} value="yes" />);
    expect(screen.getByText('INVALID TYPE')).toBeTruthy();
  });
});

describe('SensorTagField', () => {
  const sensor: Sensor = {
    id: 12,
    info: { id: 12, currentInstallationId: null, contractor: null, status: 'Ready', measured: [] },
    params: { factors: {} },
    tags: { '5': null },
  };
  const update = vi.fn();
  const session = (permissions: string[]) =>
    localStorage.setItem(
      'aq.session',
      JSON.stringify({
        user: { id: 1, name: 'u', displayName: null, avatar: null, role: 'r', permissions },
        role: 'r',
        permissions,
        token: 't',
        refreshToken: 'r',
      }),
    );
  const renderField = (t: Tag) =>
    render(
      <AdminContext store={memoryStore()} i18nProvider={i18nProvider} dataProvider={testDataProvider({ update })}>
        <RecordContextProvider value={sensor}>
          <SensorTagField tag={t} />
        </RecordContextProvider>
      </AdminContext>,
    );

  beforeEach(() => {
    localStorage.clear();
    update.mockReset();
    update.mockResolvedValue({ data: { id: 12, tags: { '5': true } } });
  });

  it('saves through PATCH /sensors/{id}/tags/{tagId} with edit_sensor_tag_<id>', async () => {
    session(['view_sensors', 'edit_sensor_tag_5']);
    const user = userEvent.setup();
    renderField({ id: 5, name: 'Warranty', type: 'BOOLEAN', values: [] });
    await user.click(screen.getByRole('button', { name: '—, Warranty of sensor 12' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'sensors',
        expect.objectContaining({ id: 12, data: { tags: { '5': true } }, meta: { action: 'tag', tagId: 5 } }),
      ),
    );
  });

  it('is read-only with the edit permission of another tag only', () => {
    session(['view_sensors', 'edit_sensor_tag_6']);
    renderField({ id: 5, name: 'Warranty', type: 'BOOLEAN', values: [] });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('—')).toBeTruthy();
  });
});
