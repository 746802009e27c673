/** The toolbar search lives in the URL as `search` and `advanced`, read by the current list. */
import { useCallback, useContext, useLayoutEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router-dom';
import { RESOURCES, type ResourceDefinition } from '../resources/definitions';

export interface ToolbarSearchState {
  search: string;
  advanced: boolean;
}

export function readToolbarSearch(searchString: string): ToolbarSearchState {
  const params = new URLSearchParams(searchString);
  return { search: params.get('search') ?? '', advanced: params.get('advanced') === 'true' };
}

/** The searchable resource whose list is on screen, if any. */
export function searchableResource(pathname: string): ResourceDefinition | undefined {
  const path = pathname.replace(/\/$/, '');
  return RESOURCES.find((r) => r.search && `/${r.name}` === path);
}

export function useToolbarSearch(): ToolbarSearchState & {
  setSearch(next: Partial<ToolbarSearchState>): void;
  /**
   * Is the location on screen the one this hook's setSearch wrote last? Its render comes in a
   * transition, after the user may have typed on: a box following the URL must not undo that.
   */
  wroteLast(location: { pathname: string; search: string }): boolean;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readToolbarSearch(location.search);
  // The location as last navigated to: router updates render in a transition, so a change made
  // right after another (a favourite applied while a debounced search is due) must build on the
  // URL just written, not on the one still rendered.
  const latest = useRef({ pathname: location.pathname, search: location.search });
  const written = useRef<string | null>(null);
  useLayoutEffect(() => {
    latest.current = { pathname: location.pathname, search: location.search };
  }, [location.pathname, location.search]);
  // The history's own location is ahead of both while another screen renders (its code loading): a
  // search typed meanwhile belongs to that screen. Written into the list left behind, it took the
  // staff member back there (e2e admin.spec: Users clicked, 'techn' typed, Installations again).
  const { navigator, basename } = useContext(UNSAFE_NavigationContext);
  const target = useCallback(() => {
    const at = (navigator as { location?: { pathname: string; search: string } }).location;
    if (!at) return latest.current;
    const base = basename.replace(/\/$/, '');
    const pathname = base && at.pathname.startsWith(base) ? at.pathname.slice(base.length) || '/' : at.pathname;
    return pathname === latest.current.pathname ? latest.current : { pathname, search: at.search };
  }, [navigator, basename]);

  const setSearch = useCallback(
    (next: Partial<ToolbarSearchState>) => {
      const { pathname, search: current } = target();
      const params = new URLSearchParams(current);
      const search = next.search ?? params.get('search') ?? '';
      const advanced = next.advanced ?? params.get('advanced') === 'true';
      // A new search starts at the first page of its results.
      if (search !== (params.get('search') ?? '')) params.delete('page');
      if (search) params.set('search', search);
      else params.delete('search');
      if (advanced) params.set('advanced', 'true');
      else params.delete('advanced');
      const query = params.toString() ? `?${params}` : '';
      if (query === current) return;
      latest.current = { pathname, search: query };
      written.current = `${pathname}${query}`;
      navigate({ pathname, search: query }, { replace: true });
    },
    [navigate, target],
  );
  const wroteLast = useCallback(
    (at: { pathname: string; search: string }) => written.current === `${at.pathname}${at.search}`,
    [],
  );
  return { ...state, setSearch, wroteLast };
}
