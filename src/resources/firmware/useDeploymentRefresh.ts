/**
 * The deployment lists' auto-refresh (document 2, sections 4 and 9): every 20 s while the tab is
 * visible; 30 s after the tab is hidden it stops, and it resumes (with an immediate refetch by
 * react-query's window-focus rule) when the tab is visible again.
 */
import { useEffect, useState } from 'react';
import { DEPLOYMENT_REFRESH_MS, DEPLOYMENT_REFRESH_STOP_HIDDEN_MS } from '../../../common/firmware';

/** The `refetchInterval` to give the list's query: a number while refreshing, false when stopped. */
export function useDeploymentRefresh(
  refreshMs = DEPLOYMENT_REFRESH_MS,
  stopAfterHiddenMs = DEPLOYMENT_REFRESH_STOP_HIDDEN_MS,
): number | false {
  const [active, setActive] = useState(() => typeof document === 'undefined' || !document.hidden);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      if (document.hidden) timer = setTimeout(() => setActive(false), stopAfterHiddenMs);
      else setActive(true);
    };
    onChange();
    document.addEventListener('visibilitychange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [stopAfterHiddenMs]);
  return active ? refreshMs : false;
}
