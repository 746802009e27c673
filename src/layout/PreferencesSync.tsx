/** Keeps the theme per user: loaded from the server at sign-in, saved back when toggled. */
import { useEffect, useRef } from 'react';
import { useTheme } from 'react-admin';
import { client } from '../dataProviders/http';
import { useSession } from '../state/useSession';

interface Preferences {
  theme: 'light' | 'dark';
  selectedPresetId: number;
}

export function PreferencesSync() {
  const session = useSession();
  const userId = session?.user.id;
  const [theme, setTheme] = useTheme();
  const saved = useRef<string | null>(null);

  useEffect(() => {
    if (userId === undefined) return;
    const controller = new AbortController();
    saved.current = null;
    client('main')
      .request<{ data: Preferences }>('/preferences', { signal: controller.signal, skipLoading: true, ignoreStatuses: [404, 500, 502, 503] })
      .then(({ data }) => {
        saved.current = data.theme;
        setTheme(data.theme);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId, setTheme]);

  useEffect(() => {
    if (userId === undefined || saved.current === null || theme === saved.current) return;
    if (theme !== 'light' && theme !== 'dark') return;
    saved.current = theme;
    void client('main')
      .request('/preferences', { method: 'PATCH', body: { theme }, skipLoading: true })
      .catch(() => undefined);
  }, [theme, userId]);

  return null;
}
