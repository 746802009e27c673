/** Search box of the toolbar, with the advanced-query switch on installations, sensors and contractors. */
import { useEffect, useState } from 'react';
import { Box, FormControlLabel, InputAdornment, Switch, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '../../common/domain';
import { searchableResource, useToolbarSearch } from './useToolbarSearch';

export function ToolbarSearch() {
  const translate = useTranslate();
  const location = useLocation();
  const resource = searchableResource(location.pathname);
  const { search, advanced, setSearch } = useToolbarSearch();
  const [text, setText] = useState(search);

  // Follow the URL when it changes from elsewhere (navigation, back button).
  useEffect(() => setText(search), [search, location.pathname]);

  useEffect(() => {
    if (text === search) return;
    const id = window.setTimeout(() => setSearch({ search: text }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [text, search, setSearch]);

  if (!resource) return <Box sx={{ flex: 1 }} />;
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 1, mx: 2 }}>
      <TextField
        size="small"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={translate('aq.search')}
        inputProps={{ 'aria-label': translate('aq.search'), name: 'toolbar-search', spellCheck: advanced ? false : undefined }}
        sx={{
          flex: 1,
          maxWidth: 640,
          '& .MuiOutlinedInput-root': { bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit' },
          '& fieldset': { borderColor: 'rgba(255,255,255,0.35)' },
          '& input': { fontFamily: advanced ? 'monospace' : undefined },
        }}
        InputProps={{
          startAdornment: (
            <InputAdornment position="start" sx={{ color: 'inherit' }}>
              <SearchIcon />
            </InputAdornment>
          ),
        }}
      />
      {resource.search === 'advanced' && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              color="default"
              checked={advanced}
              onChange={(e) => setSearch({ advanced: e.target.checked })}
              inputProps={{ 'aria-label': translate('aq.advanced') }}
            />
          }
          label={translate('aq.advanced')}
        />
      )}
    </Box>
  );
}
