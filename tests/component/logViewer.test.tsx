/** The Wi-Fi build-log viewer: one number per line (a trailing newline adds none), a 5,000-line log and a 400-character line unwrapped. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { LogViewer } from '../../src/resources/firmware/LogViewer';

const show = (text: string) =>
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider}>
      <LogViewer text={text} />
    </AdminContext>,
  );

describe('LogViewer', () => {
  it('numbers every line of a 5,000-line log with a 400-character line, in a scrollable region', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => (i === 41 ? 'x'.repeat(400) : `[build] step ${i + 1}`));
    show(`${lines.join('\n')}\n`);
    const numbers = screen.getByTestId('log-line-numbers').textContent!.split('\n');
    expect(numbers).toHaveLength(5000);
    expect([numbers[0], numbers[4999]]).toEqual(['1', '5000']);
    const text = screen.getByTestId('log-text').textContent!.split('\n');
    expect(text).toHaveLength(5000);
    expect(text[41]).toHaveLength(400);
    const region = screen.getByRole('region', { name: 'Build log' });
    expect(getComputedStyle(region).overflow).toBe('auto');
    expect(getComputedStyle(screen.getByTestId('log-text')).whiteSpace).toBe('pre');
  });

  it('counts the lines of a log without a trailing newline', () => {
    show('a\nb');
    expect(screen.getByTestId('log-line-numbers').textContent).toBe('1\n2');
  });
});
