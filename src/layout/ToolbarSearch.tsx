/**
 * Search box of the toolbar. Plain mode: a 300 ms debounced text search (the data provider wraps
 * it as SEARCH("...")). Advanced mode (installations, sensors, contractors): the query editor,
 * applied with Enter. Both live in the URL as `search` and `advanced`. Next to it: the advanced
 * switch, the query-language help link and, on installations and sensors, the favourite queries.
 */
import { useEffect, useState } from 'react';
import { Box, FormControlLabel, InputAdornment, Switch, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '../../common/domain';
import { isQueryKind } from '../../common/presets';
import { searchExpression, tryParseQuery } from '../../common/query';
import { FavouriteQueriesButton } from '../components/query/FavouriteQueriesButton';
import { QueryHelpButton } from '../components/query/QueryHelpButton';
import { ToolbarQueryEditor } from '../components/query/ToolbarQueryEditor';
import { searchableResource, useToolbarSearch } from './useToolbarSearch';

/** The text a mode switch carries over: plain text becomes SEARCH("text") and back. */
export function convertSearch(text: string, toAdvanced: boolean): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (toAdvanced) return searchExpression(trimmed);
  const ast = tryParseQuery(trimmed).ast;
  return ast?.kind === 'search' ? ast.text : '';
}

export function ToolbarSearch() {
  const translate = useTranslate();
  const location = useLocation();
  const resource = searchableResource(location.pathname);
  const { search, advanced, setSearch, wroteLast } = useToolbarSearch();
  const [text, setText] = useState(search);
  // The mode on screen: the switch changes it at once, while the URL it writes is rendered in a
  // router transition (the list behind it re-renders first). Waiting for the URL left the old plain
  // field under a keyboard user's next Shift+Tab, and the focus fell to the page when it went.
  const [mode, setMode] = useState(advanced);
  const hasAdvanced = resource?.search === 'advanced';
  const isAdvanced = hasAdvanced && mode;

  // Follow the URL when it changes from elsewhere (navigation, back button). Not when it is the URL
  // this box wrote: the text and mode were set when it was written, and the user may have typed on
  // since (a query typed right after the switch was wiped by the switch's URL rendering late).
  useEffect(() => {
    if (!wroteLast(location)) setText(search);
  }, [search, location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!wroteLast(location)) setMode(advanced);
  }, [advanced, location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  // Plain mode applies the text after a pause; advanced mode applies it with Enter.
  useEffect(() => {
    if (isAdvanced || text === search) return;
    const id = window.setTimeout(() => setSearch({ search: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [text, search, setSearch, isAdvanced]);

  if (!resource) return <Box sx={{ flex: 1 }} />;
  const kind = isQueryKind(resource.name) ? resource.name : undefined;
  return (
    <Box
      sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 1, mx: 2, minWidth: 0 }}
      data-testid="toolbar-search"
    >
      {isAdvanced ? (
        <ToolbarQueryEditor
          list={resource.name}
          service={resource.service}
          endpoint={resource.endpoint}
          value={text}
          onChange={setText}
          onApply={(query) => setSearch({ search: query, advanced: true })}
        />
      ) : (
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={translate('aq.search')}
          sx={{
            flex: 1,
            maxWidth: 640,
            '& .MuiOutlinedInput-root': { bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit' },
            '& fieldset': { borderColor: 'rgba(255,255,255,0.35)' },
          }}
          slotProps={{
            htmlInput: { 'aria-label': translate('aq.search'), name: 'toolbar-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'inherit' }}>
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      {hasAdvanced && (
        <FormControlLabel
          sx={{ mr: 0, flexShrink: 0 }}
          control={
            <Switch
              size="small"
              color="default"
              checked={mode}
              onChange={(e) => {
                const on = e.target.checked;
                const next = convertSearch(text, on);
                setMode(on);
                setText(next);
                setSearch({ advanced: on, search: next });
              }}
              slotProps={{ input: { 'aria-label': translate('aq.advanced') } }}
            />
          }
          label={translate('aq.advanced')}
        />
      )}
      {hasAdvanced && <QueryHelpButton list={resource.name} />}
      {kind && (
        <FavouriteQueriesButton
          kind={kind}
          current={isAdvanced ? text : ''}
          onApply={(query) => {
            setText(query);
            setMode(true);
            setSearch({ search: query, advanced: true });
          }}
        />
      )}
    </Box>
  );
}
