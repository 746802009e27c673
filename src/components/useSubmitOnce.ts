/**
 * One submit at a time: the lock is taken synchronously by the first call, so the second event of a
 * double click (which arrives before React re-renders the button as disabled) is dropped instead of
 * sending the request again. `pending` drives the disabled submit button until the request ends.
 */
import { useCallback, useRef, useState } from 'react';

export interface SubmitOnce {
  /** Runs `task` unless one is running; resolves to its result, or `undefined` when dropped or failed. */
  run<T>(task: () => Promise<T>): Promise<T | undefined>;
  pending: boolean;
}

export function useSubmitOnce(): SubmitOnce {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setPending(true);
    try {
      return await task();
    } catch {
      // The failure is shown where the request's errors are handled (banner, onError).
      return undefined;
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return { run, pending };
}

/** A fresh `Idempotency-Key` for one submit attempt. */
export const newIdempotencyKey = (): string => crypto.randomUUID();
