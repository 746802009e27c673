/** The toolbar search lives in the URL as `search` and `advanced`, read by the current list. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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

export function useToolbarSearch(): ToolbarSearchState & { setSearch(next: Partial<ToolbarSearchState>): void } {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readToolbarSearch(location.search);
  const setSearch = useCallback(
    (next: Partial<ToolbarSearchState>) => {
      const params = new URLSearchParams(location.search);
      const search = next.search ?? params.get('search') ?? '';
      const advanced = next.advanced ?? params.get('advanced') === 'true';
      if (search) params.set('search', search);
      else params.delete('search');
      if (advanced) params.set('advanced', 'true');
      else params.delete('advanced');
      navigate({ pathname: location.pathname, search: params.toString() ? `?${params}` : '' }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );
  return { ...state, setSearch };
}
