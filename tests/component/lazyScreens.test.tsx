/**
 * Screens loaded on demand (src/pages/pageRoutes.ts `lazyNamed`): once a screen's code is here —
 * fetched ahead (`preloadPage`, the sign-in screen's `preloadConsole`, the background fetch) or
 * opened before — it renders at once, with no loading fallback in between (React.lazy alone
 * suspended on every first render, and React keeps a shown fallback for 300 ms at least); a screen
 * whose code is still coming shows the fallback, then itself.
 */
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyNamed, preloadPage } from '../../src/pages/pageRoutes';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount((c) => c + 1)}>{`${label} ${count}`}</button>;
}

const show = (Screen: React.ComponentType<{ label: string }>) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen label="clicks" />
    </Suspense>,
  );

describe('a screen loaded on demand', () => {
  it('renders at once, without the fallback, when its code was fetched ahead', async () => {
    const Screen = lazyNamed(async () => ({ Counter }), 'Counter');
    await preloadPage(Screen);
    show(Screen);
    // Synchronously after the first render: no fallback was committed.
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'clicks 0' })).toBeTruthy();
  });

  it('shows the fallback while its code comes (opened during a fetch ahead), then itself, and keeps its state', async () => {
    let arrive: (module: { Counter: typeof Counter }) => void = () => undefined;
    const Screen = lazyNamed(
      () => new Promise<{ Counter: typeof Counter }>((resolve) => (arrive = resolve)),
      'Counter',
    );
    const ahead = preloadPage(Screen);
    const { rerender } = show(Screen);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      arrive({ Counter });
      await ahead;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'clicks 0' }));
    // A new render of the same screen (its parent re-rendering) does not remount it.
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Screen label="clicks" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'clicks 1' })).toBeTruthy();
  });
});
