/**
 * The submit locks on their own: `useFormSubmit` (react-admin forms) and `useSubmitOnce` (buttons
 * and dialogs outside a form) drop a second submit that arrives while the first is in flight, even
 * when nothing has re-rendered in between. doubleSubmit.test.tsx clicks real buttons, where React
 * renders between the two clicks and the disabled button already stops the second one; here both
 * calls come in the same tick, as the two events of a double click do when the disabled state comes
 * late, so only the lock can drop the second.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFormSubmit } from '../../src/components/formSubmit';
import { useSubmitOnce } from '../../src/components/useSubmitOnce';
import { ApiError } from '../../src/dataProviders/errors';
import { deferred } from './support/deferred';

describe('useFormSubmit', () => {
  it('sends once for two submits in the same tick, and again once the first has ended', async () => {
    let request = deferred<void>();
    const send = vi.fn(() => request.promise);
    const { result } = renderHook(() => useFormSubmit<{ name: string }>(send));
    const first = result.current({ name: 'a' });
    const second = result.current({ name: 'b' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'a' });
    await expect(second).resolves.toBeUndefined();
    await act(async () => {
      request.resolve();
      await first;
    });
    // The lock is free again: the next submit is sent.
    request = deferred<void>();
    const third = result.current({ name: 'c' });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ name: 'c' });
    await act(async () => {
      request.resolve();
      await third;
    });
  });

  it('frees the lock when the request fails, and gives the refusal back as form errors', async () => {
    const request = deferred<void>();
    const send = vi.fn(() => request.promise);
    const { result } = renderHook(() => useFormSubmit<{ name: string }>(send, { fields: ['name'] }));
    const first = result.current({ name: 'a' });
    void result.current({ name: 'a' });
    expect(send).toHaveBeenCalledTimes(1);
    request.reject(new ApiError('response', 422, 'Invalid body: name: Too long', '/api/admin/roles'));
    await expect(first).resolves.toEqual({ name: 'Too long' });
    send.mockReturnValueOnce(Promise.resolve());
    await expect(result.current({ name: 'b' })).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('useSubmitOnce', () => {
  it('runs one task for two calls in the same tick, shows it pending, and runs the next one after', async () => {
    const request = deferred<void>();
    const task = vi.fn(() => request.promise.then(() => 'done'));
    const { result } = renderHook(() => useSubmitOnce());
    let first!: Promise<string | undefined>;
    let second!: Promise<string | undefined>;
    act(() => {
      first = result.current.run(task);
      second = result.current.run(task);
    });
    expect(task).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);
    await expect(second).resolves.toBeUndefined();
    await act(async () => {
      request.resolve();
      await expect(first).resolves.toBe('done');
    });
    expect(result.current.pending).toBe(false);
    await act(async () => {
      await expect(result.current.run(() => Promise.resolve('again'))).resolves.toBe('again');
    });
  });

  it('frees the lock when the task fails', async () => {
    const { result } = renderHook(() => useSubmitOnce());
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
    });
    expect(result.current.pending).toBe(false);
    const task = vi.fn(() => Promise.resolve(1));
    await act(async () => {
      await result.current.run(task);
    });
    expect(task).toHaveBeenCalledTimes(1);
  });
});
