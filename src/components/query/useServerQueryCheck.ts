/**
 * Asks the list endpoint whether it accepts a query (page 1, one row, 400s handled here instead of
 * the global banner), so the editor can show the server's message — unknown fields, type
 * mismatches, permissions — before the query is applied. Answers are remembered per text.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { tryParseQuery, type QueryMessage } from '../../../common/query';
import { ApiError } from '../../dataProviders/errors';
import type { AppDataProvider } from '../../dataProviders/types';
import type { ServiceName } from '../../../common/entities';

/** Typing pauses this long before the server is asked. */
export const SERVER_CHECK_DELAY_MS = 400;

/** null: accepted (or not checkable); else the server's 400 message, keyed when it said its key. */
export type CheckResult = QueryMessage | string | null;

export function useServerQueryCheck(
  service: ServiceName,
  endpoint: string | undefined,
  text: string,
  enabled: boolean,
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const cache = useRef(new Map<string, CheckResult>());
  const [result, setResult] = useState<{ text: string; error: CheckResult } | null>(null);

  useEffect(() => {
    cache.current.clear();
    setResult(null);
  }, [endpoint]);

  const ask = useCallback(
    async (trimmed: string, signal?: AbortSignal): Promise<CheckResult> => {
      if (!endpoint || !trimmed || tryParseQuery(trimmed).error) return null;
      const known = cache.current.get(trimmed);
      if (known !== undefined) return known;
      try {
        const answer = await dataProvider.checkQuery('queries', { service, endpoint, query: trimmed, signal });
        cache.current.set(trimmed, answer);
        return answer;
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'cancelled') throw e;
        return null; // other failures are the list's to report
      }
    },
    [service, endpoint, dataProvider],
  );

  /** Checks a query now (Enter) and shows the answer. */
  const check = useCallback(
    async (query: string): Promise<CheckResult> => {
      const trimmed = query.trim();
      const error = await ask(trimmed);
      setResult({ text: trimmed, error });
      return error;
    },
    [ask],
  );

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const id = window.setTimeout(() => {
      const trimmed = text.trim();
      ask(trimmed, controller.signal)
        .then((error) => setResult({ text: trimmed, error }))
        .catch(() => undefined);
    }, SERVER_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(id);
      controller.abort();
    };
  }, [text, enabled, ask]);

  /** The server's message for the current text, once known. */
  const error = enabled && result && result.text === text.trim() ? result.error : null;
  return { error, check };
}
