import { useEffect, useState } from 'react';
import { RELATIVE_DATE_REFRESH_MS } from '../../common/domain';

/** The current time, re-rendering every `intervalMs` (relative dates refresh every 10 s). */
export function useNow(intervalMs = RELATIVE_DATE_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
