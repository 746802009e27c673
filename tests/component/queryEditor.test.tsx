/**
 * The query editor: highlight classes from the tokenizer, the error underline at the local
 * parser's range (and at the range a server message names), completion insert, Enter and Escape.
 */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { render } from './i18n';
import { pl } from '../../src/i18n/pl';
import userEvent from '@testing-library/user-event';
import { SENSOR_CATALOGUE, queryMessage, withTags, type Catalogue, type QueryMessage } from '../../common/query';
import { applyCompletion, LOCAL_MESSAGE_DELAY_MS, QueryEditor } from '../../src/components/query/QueryEditor';
import { rangeFromMessage, segments } from '../../src/components/query/highlight';

const catalogue = withTags(SENSOR_CATALOGUE, [{ id: 3, name: 'Roof type', type: 'ENUM', values: ['Flat', 'Pitched'] }]);

function Harness({
  initial = '',
  onSubmit,
  serverError,
  cat = catalogue,
}: {
  initial?: string;
  onSubmit?: (v: string) => void;
  serverError?: QueryMessage | string;
  cat?: Catalogue;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <QueryEditor
        value={value}
        onChange={setValue}
        onSubmit={onSubmit}
        catalogue={cat}
        serverError={serverError}
        inputProps={{ 'aria-label': 'Query' }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const layer = () => screen.getByTestId('query-highlight');
const spansOf = (cls: string) => [...layer().querySelectorAll(`.${cls}`)].map((e) => e.textContent);

describe('highlighting', () => {
  it('gives every token the class of its kind', () => {
    render(
      <Harness
        initial={
          'communication in (GSM, WIFI) and not lastMeasurement < now() - 3d or SEARCH("a \\"b\\"") and id >= 12'
        }
      />,
    );
    expect(spansOf('aq-q-field')).toEqual(['communication', 'lastMeasurement', 'id']);
    expect(spansOf('aq-q-keyword')).toEqual(['in', 'and', 'not', 'or', 'and']);
    expect(spansOf('aq-q-word')).toEqual(['GSM', 'WIFI']);
    expect(spansOf('aq-q-function')).toEqual(['now', 'SEARCH']);
    expect(spansOf('aq-q-string')).toEqual(['"a \\"b\\""']);
    expect(spansOf('aq-q-number')).toEqual(['3d', '12']);
    expect(spansOf('aq-q-operator')).toEqual(['<', '-', '>=']);
    // the layer shows the text exactly, so it lines up with the input
    expect(layer().textContent).toBe(
      'communication in (GSM, WIFI) and not lastMeasurement < now() - 3d or SEARCH("a \\"b\\"") and id >= 12',
    );
    expect(screen.getByTestId('query-editor').dataset.error).toBe('false');
  });

  it('cuts runs at the error range and marks a missing part after the end', () => {
    expect(segments('a = ', { start: 4, end: 5 }).at(-1)).toEqual({ text: ' ', error: true });
    const runs = segments('colour = red', { start: 0, end: 6 });
    expect(runs[0]).toEqual({ text: 'colour', kind: 'field', error: true });
    expect(rangeFromMessage('x = 1 and colour = red', 'Unknown field "colour" at position 10; expected …')).toEqual({
      start: 10,
      end: 16,
    });
    expect(rangeFromMessage('x', 'no position here')).toBeNull();
  });
});

describe('errors', () => {
  it('underlines the local parser error range and explains it once typing pauses', async () => {
    render(<Harness initial="status in (Installed, Ready" />);
    expect(screen.getByTestId('query-editor').dataset.error).toBe('true');
    const underlined = layer().querySelector('.aq-q-error-range')!;
    expect(underlined.textContent).toBe(' ');
    expect(underlined.previousSibling?.textContent).toBe('Ready');
    expect(screen.getByRole('combobox', { name: 'Query' }).getAttribute('aria-invalid')).toBe('true');
    await waitFor(
      () =>
        expect(screen.getByTestId('query-error-message').textContent).toMatch(
          /Expected "," or "\)" in the list of values at position 27/,
        ),
      {
        timeout: LOCAL_MESSAGE_DELAY_MS + 1000,
      },
    );
  });

  it('underlines an invalid token in the middle', () => {
    render(<Harness initial={"status = 'x' and id = 1"} />);
    expect(spansOf('aq-q-error-range')).toEqual(["'"]);
  });

  it("shows the server's message and underlines the token it names", () => {
    render(
      <Harness
        initial="colour = red"
        serverError={'Unknown field "colour" at position 0; expected a field of sensors'}
      />,
    );
    expect(spansOf('aq-q-error-range')).toEqual(['colour']);
    expect(screen.getByTestId('query-error-message').textContent).toContain('Unknown field "colour" at position 0');
  });
});

describe('errors in Polish', () => {
  const polish = polyglotI18nProvider(() => pl, 'pl');
  const renderPolish = (initial: string, serverError?: QueryMessage) =>
    renderBare(
      <I18nContextProvider value={polish}>
        <Harness initial={initial} serverError={serverError} />
      </I18nContextProvider>,
    );

  it("shows the local parser's message translated, its phrases and lists too", async () => {
    renderPolish('status in (Installed, Ready');
    await waitFor(
      () =>
        expect(screen.getByTestId('query-error-message').textContent).toBe(
          'Oczekiwano "," lub ")" na liście wartości na pozycji 27, a znaleziono koniec zapytania',
        ),
      { timeout: LOCAL_MESSAGE_DELAY_MS + 1000 },
    );
  });

  it('translates a message with a list of operators, and the lexer’s messages', async () => {
    const { unmount } = renderPolish('status');
    await waitFor(
      () =>
        expect(screen.getByTestId('query-error-message').textContent).toBe(
          'Oczekiwano operatora (=, !=, <, <=, >, >=, ~, !~, in, not in) po "status" na pozycji 6, a znaleziono koniec zapytania',
        ),
      { timeout: LOCAL_MESSAGE_DELAY_MS + 1000 },
    );
    unmount();
    renderPolish("name = 'x'");
    await waitFor(
      () =>
        expect(screen.getByTestId('query-error-message').textContent).toBe(
          'Nieoczekiwany znak "\'" na pozycji 7; tekst ujmuje się w podwójny cudzysłów ("tekst")',
        ),
      { timeout: LOCAL_MESSAGE_DELAY_MS + 1000 },
    );
  });

  it("shows the server's keyed message translated and underlines the token it names", () => {
    const refusal = queryMessage('unknownFieldSuggest', {
      field: '"colour"',
      position: 10,
      suggestion: '"status"',
      list: queryMessage('lists.sensors'),
      fields: ['id', 'status'],
    });
    renderPolish('id = 1 or colour = red', refusal);
    expect(spansOf('aq-q-error-range')).toEqual(['colour']);
    expect(screen.getByTestId('query-error-message').textContent).toBe(
      'Nieznane pole "colour" na pozycji 10 (czy chodziło o "status"?); oczekiwano pola czujników: id, status',
    );
  });
});

describe('completion', () => {
  it('completes a field, then an operator, then enum values', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Query' });
    await user.click(input);
    await user.type(input, 'comm');
    const list = await screen.findByRole('listbox', { name: 'Completions' });
    expect(within(list).getAllByRole('option')[0]!.textContent).toContain('communication');
    await user.keyboard('{Tab}');
    expect(screen.getByTestId('value').textContent).toBe('communication ');
    // operators of an enum field
    const ops = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(ops).toEqual(['=', '!=', 'in', 'not in']);
    await user.click(screen.getByRole('option', { name: 'in' }));
    expect(screen.getByTestId('value').textContent).toBe('communication in ');
    await user.keyboard('{Tab}'); // "("
    expect(screen.getByTestId('value').textContent).toBe('communication in (');
    const values = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(values.slice(0, 5)).toEqual([
      'GSMcommunication',
      'WIFIcommunication',
      'LORAcommunication',
      'NBIOTcommunication',
      'OTHERcommunication',
    ]);
    await user.keyboard('W{ArrowDown}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('communication in (WIFI ');
    expect(input).toHaveProperty('selectionStart', 'communication in (WIFI '.length);
  });

  it('quotes tag names and puts the caret inside SEARCH("")', () => {
    expect(
      applyCompletion('x = 1 and tag.R', 10, 15, { label: 'tag.Roof type', insert: 'tag."Roof type"', kind: 'field' }),
    ).toEqual({
      text: 'x = 1 and tag."Roof type" ',
      caret: 26,
    });
    expect(applyCompletion('SE', 0, 2, { label: 'SEARCH("…")', insert: 'SEARCH("")', kind: 'function' })).toEqual({
      text: 'SEARCH("")',
      caret: 8,
    });
    expect(applyCompletion('a in ', 5, 5, { label: '(', insert: '(', kind: 'operator' })).toEqual({
      text: 'a in (',
      caret: 6,
    });
  });

  it('Escape closes the list, Enter applies the query', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'Query' });
    await user.click(input);
    await user.type(input, 'status = Re');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'ady');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('status = Ready');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Ctrl+Space opens the list at the cursor', async () => {
    render(<Harness initial="status = " />);
    const input = screen.getByRole('combobox', { name: 'Query' });
    act(() => input.focus());
    (input as HTMLInputElement).setSelectionRange(9, 9);
    fireEvent.keyDown(input, { key: ' ', ctrlKey: true });
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options[0]!.textContent).toContain('InProduction');
  });
});

describe('message below the editor (saved-query dialog)', () => {
  function Below({ initial }: { initial: string }) {
    const [value, setValue] = useState(initial);
    return (
      <QueryEditor
        value={value}
        onChange={setValue}
        catalogue={catalogue}
        messagePlacement="below"
        inputProps={{ 'aria-label': 'Query' }}
      />
    );
  }

  it('stays shown while completions are open, and the list opens under it', async () => {
    const user = userEvent.setup();
    render(<Below initial="status = Ready and" />);
    const input = screen.getByRole('combobox', { name: 'Query' });
    await user.click(input);
    await user.type(input, ' ');
    await waitFor(() => expect(screen.getByTestId('query-error-message').textContent).toMatch(/position/), {
      timeout: LOCAL_MESSAGE_DELAY_MS + 2000,
    });
    await user.keyboard('{Control>} {/Control}');
    expect(await screen.findByRole('listbox', { name: 'Completions' })).toBeTruthy();
    const message = screen.getByTestId('query-error-message');
    expect(message.textContent).toMatch(/position/);
    // The list is anchored to the editor together with its message, so it opens below the message.
    expect(screen.getByTestId('query-editor-anchor').contains(message)).toBe(true);
  });
});
