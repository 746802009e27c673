/** The audit search box: typing updates the URL 300 ms after the last key; the URL wins on back/forward. */
import { useEffect, useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import { useTranslate } from 'react-admin';
import { SEARCH_DEBOUNCE_MS } from '../../../common/domain';

export function AuditSearchInput({ value, onChange }: { value: string; onChange(search: string): void }) {
  const translate = useTranslate();
  const [text, setText] = useState(value);

  // Follow the URL when it changes from elsewhere (back/forward, reload).
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const id = window.setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [text, value, onChange]);

  return (
    <TextField
      size="small"
      label={translate('ra.action.search')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ flex: '2 1 240px' }}
      slotProps={{
        htmlInput: { maxLength: 200, 'aria-label': translate('ra.action.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={translate('aq.pages.logs.clearSearch')}
                onClick={() => setText('')}
                edge="end"
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
