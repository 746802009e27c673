/**
 * Pagination of the server-side lists, and the one "displayed rows" label of the console's tables.
 *
 * A list whose count stopped at a cap (`meta.capped`, see server/lists/endpoint.ts `listCountCap`)
 * reports the cap as its total: the label then says "1–10 of more than 10,000" instead of treating
 * the cap as the total, and the page buttons are first / previous / next only — no numbered last
 * page, which would be the cap's page, not the end of the list. Lists with an exact count keep
 * react-admin's own pagination.
 */
import { TablePaginationActions } from '@mui/material';
import type { LabelDisplayedRowsArgs, TablePaginationActionsProps } from '@mui/material';
import {
  Pagination,
  useListContext,
  useLocaleState,
  useTranslate,
  type PaginationActionsProps,
  type PaginationProps,
} from 'react-admin';
import { formatNumber } from './numbers';

type Translate = ReturnType<typeof useTranslate>;

/** "1–10 of 250", or with `capped` "1–10 of more than 10,000", numbers in the console's language. */
export function displayedRowsLabel(
  translate: Translate,
  locale: string,
  { from, to, count }: Pick<LabelDisplayedRowsArgs, 'from' | 'to' | 'count'>,
  capped: boolean,
): string {
  const total = formatNumber(count, locale);
  return translate('aq.pagination.displayedRows', {
    from: formatNumber(from, locale),
    to: formatNumber(to, locale),
    count: capped ? translate('aq.pagination.moreThan', { count: total }) : total,
  });
}

/** Whether a list answer's meta says its total is a cap (more rows match). */
export const isCapped = (meta: unknown): boolean =>
  typeof meta === 'object' && meta !== null && (meta as { capped?: unknown }).capped === true;

/** First, previous and next: the end of a capped list is not known, so there is no last-page button. */
function CappedPaginationActions(props: PaginationActionsProps) {
  const translate = useTranslate();
  // What TablePagination hands its actions (class, page, count, slots); react-admin types the page
  // change's event as a DOM MouseEvent, its handler only stops the event's propagation.
  const actions = props as unknown as TablePaginationActionsProps;
  return (
    <TablePaginationActions
      {...actions}
      showFirstButton
      showLastButton={false}
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`, { _: `Go to ${type} page` })}
    />
  );
}

/** react-admin's Pagination for a server-side list, aware of a capped total. */
export function ListPagination(props: PaginationProps) {
  const { meta } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!isCapped(meta)) return <Pagination {...props} />;
  return (
    <Pagination
      {...props}
      {...{ labelDisplayedRows: (args: LabelDisplayedRowsArgs) => displayedRowsLabel(translate, locale, args, true) }}
      actions={CappedPaginationActions}
    />
  );
}
