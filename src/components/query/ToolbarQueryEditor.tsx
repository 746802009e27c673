/**
 * The toolbar's search box in advanced mode: the query editor for the current list. Enter applies
 * the query (written to the URL) once it parses and the list endpoint accepts it; otherwise the
 * underline and the message stay and the list keeps its last query.
 */
import { Box } from '@mui/material';
import { QueryEditor } from './QueryEditor';
import { useQueryCatalogue } from './useQueryCatalogue';
import { useServerQueryCheck } from './useServerQueryCheck';
import { tryParseQuery } from '../../../common/query';
import { useTranslate } from 'react-admin';
import type { ServiceName } from '../../../common/entities';

export function ToolbarQueryEditor({
  list,
  service,
  endpoint,
  value,
  onChange,
  onApply,
}: {
  /** The list's entity name (its catalogue: common/query `listCatalogue`). */
  list: string;
  /** The service and path of the list's endpoint, which checks a query before it is applied. */
  service: ServiceName;
  endpoint: string;
  value: string;
  onChange(value: string): void;
  onApply(query: string): void;
}) {
  const translate = useTranslate();
  const catalogue = useQueryCatalogue(list);
  const { error: serverError, check } = useServerQueryCheck(service, endpoint, value, true);

  const submit = async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return onApply('');
    if (tryParseQuery(trimmed).error) return;
    if ((await check(trimmed)) === null) onApply(trimmed);
  };

  if (!catalogue) return <Box sx={{ flex: 1 }} />;
  return (
    <QueryEditor
      variant="toolbar"
      value={value}
      onChange={onChange}
      onSubmit={(text) => void submit(text)}
      catalogue={catalogue}
      serverError={serverError}
      messagePlacement="floating"
      placeholder={translate('aq.query.toolbarPlaceholder')}
      inputProps={{ 'aria-label': translate('aq.query.label'), name: 'toolbar-query' }}
      sx={{ flex: 1, maxWidth: 720 }}
    />
  );
}
