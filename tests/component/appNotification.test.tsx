/** The console's messages: one at a time, 5 s each, and a newer one shortens the one on screen. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { AppNotification, SUPERSEDED_MESSAGE_MS } from '../../src/layout/AppNotification';
import { SUCCESS_MESSAGE_MS } from '../../common/domain';

let notify: ReturnType<typeof useNotify> = () => {};
function Notifier() {
  notify = useNotify();
  return null;
}

function renderMessages() {
  render(
    <AdminContext store={memoryStore()} i18nProvider={i18nProvider}>
      <Notifier />
      <AppNotification />
    </AdminContext>,
  );
}

/**
 * Lets `ms` pass at once (fake timers, the clock also running on by itself), in steps of 100 ms with
 * the screen rendered after each: a message's timer only starts once it is on screen.
 */
async function wait(ms: number) {
  for (let left = ms; left > 0; left -= 100) await act(() => vi.advanceTimersByTimeAsync(Math.min(left, 100)));
}

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Whether a message is on screen. A closed snackbar stays in the DOM here, faded out: MUI's Grow
 * waits for a transition end that jsdom never sends.
 */
const onScreen = (text: string) => {
  const paper = screen.queryByText(text)?.closest<HTMLElement>('.MuiPaper-root');
  return paper !== null && paper !== undefined && paper.style.opacity !== '0';
};

describe('AppNotification', () => {
  it('shows the newest message within a second of it, instead of after the whole queue', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMessages();
    act(() => notify('First change saved', { type: 'success' }));
    expect(await screen.findByText('First change saved')).toBeTruthy();
    act(() => notify('Second change saved', { type: 'success' }));
    act(() => notify('Removed tag', { type: 'success' }));
    // Each waiting message shortens the one on screen to SUPERSEDED_MESSAGE_MS: well before the
    // 2 × 5 s the queue took.
    await wait(3 * SUPERSEDED_MESSAGE_MS + 500);
    expect(onScreen('Removed tag')).toBe(true);
    expect(screen.queryByText('First change saved')).toBeNull();
    expect(screen.queryByText('Second change saved')).toBeNull();
  });

  it('does not shorten a message no other waits for (it stays its 5 seconds)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMessages();
    act(() => notify('All changes saved!', { type: 'success' }));
    expect(await screen.findByText('All changes saved!')).toBeTruthy();
    await wait(SUPERSEDED_MESSAGE_MS + 500);
    expect(onScreen('All changes saved!')).toBe(true);
    expect(SUCCESS_MESSAGE_MS).toBe(5000);
    // And it does go when its own time is up.
    await wait(SUCCESS_MESSAGE_MS);
    expect(onScreen('All changes saved!')).toBe(false);
  });
});
