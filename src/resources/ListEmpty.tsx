/** What every server-paged list shows without rows, and the list styling that keeps wide tables in their card. */
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useToolbarSearch } from '../layout/useToolbarSearch';

/** "No matches found." while a toolbar search is applied, "No data." otherwise. */
export function ListEmpty() {
  const translate = useTranslate();
  const { search } = useToolbarSearch();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="list-empty">
      {translate(search ? 'aq.noMatches' : 'aq.noData')}
    </Typography>
  );
}

/** The table scrolls inside its card, so the toolbar and pagination stay on screen. */
export const LIST_SX = { '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } } as const;
