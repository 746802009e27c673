/**
 * Picks a token's permissions from those the caller holds: a search box, then the permissions
 * grouped View / Modify / Admin / Other, each group with a select-all checkbox.
 */
import { useMemo, useState } from 'react';
import { Box, Checkbox, FormControlLabel, InputAdornment, Link, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { permissionGroup, type PermissionGroup } from '../../../common/permissions';

const GROUPS: readonly PermissionGroup[] = ['View', 'Modify', 'Admin', 'Other'];

export interface TokenPermissionsInputProps {
  available: readonly string[];
  value: readonly string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

function PermissionGroupList({
  group,
  names,
  selected,
  toggle,
  setMany,
  disabled,
}: {
  group: PermissionGroup;
  names: string[];
  selected: ReadonlySet<string>;
  toggle(name: string): void;
  setMany(names: string[], on: boolean): void;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const count = names.filter((n) => selected.has(n)).length;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, mb: 1 }} data-testid={`permission-group-${group}`}>
      <FormControlLabel
        disabled={disabled}
        control={
          <Checkbox
            size="small"
            checked={count === names.length}
            indeterminate={count > 0 && count < names.length}
            onChange={(e) => setMany(names, e.target.checked)}
            slotProps={{
              input: {
                'aria-label': translate('aq.pages.roles.selectAll', {
                  group: translate(`aq.pages.roles.groups.${group}`),
                }),
              },
            }}
          />
        }
        label={
          <Typography variant="subtitle2" component="span">
            {translate(`aq.pages.roles.groups.${group}`)}{' '}
            <Typography component="span" variant="caption" color="text.secondary">
              {count}/{names.length}
            </Typography>
          </Typography>
        }
      />
      {/* Columns fill top to bottom, so the alphabetical order reads down each column. */}
      <Box sx={{ columns: { xs: 1, sm: 2 }, columnGap: 2, pl: 3.5 }}>
        {names.map((name) => (
          <FormControlLabel
            key={name}
            disabled={disabled}
            sx={{
              display: 'flex',
              mr: 0,
              breakInside: 'avoid',
              '& .MuiFormControlLabel-label': { fontSize: 13, overflowWrap: 'anywhere' },
            }}
            control={
              <Checkbox size="small" checked={selected.has(name)} onChange={() => toggle(name)} sx={{ py: 0.25 }} />
            }
            label={name}
          />
        ))}
      </Box>
    </Box>
  );
}

export function TokenPermissionsInput({ available, value, onChange, disabled }: TokenPermissionsInputProps) {
  const translate = useTranslate();
  const [filter, setFilter] = useState('');
  const selected = useMemo(() => new Set(value), [value]);
  const needle = filter.trim().toLowerCase();
  const groups = useMemo(() => {
    const visible = [...available].filter((n) => !needle || n.toLowerCase().includes(needle)).sort();
    return GROUPS.map((group) => ({ group, names: visible.filter((n) => permissionGroup(n) === group) })).filter(
      (g) => g.names.length > 0,
    );
  }, [available, needle]);

  const toggle = (name: string) => onChange(selected.has(name) ? value.filter((n) => n !== name) : [...value, name]);
  const setMany = (names: string[], on: boolean) => {
    const next = new Set(value);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange([...next]);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <TextField
          size="small"
          label={translate('aq.pages.roles.searchPermissions')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          disabled={disabled}
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap' }}
          data-testid="permissions-selected"
        >
          {translate('aq.pages.tokens.selected', { count: value.length })}
        </Typography>
        {value.length > 0 && (
          <Link component="button" type="button" variant="body2" onClick={() => onChange([])} disabled={disabled}>
            {translate('aq.actions.clear')}
          </Link>
        )}
      </Box>
      <Box
        sx={{ maxHeight: 300, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}
        role="group"
        aria-label={translate('aq.pages.tokens.fields.permissions')}
      >
        {available.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('aq.pages.tokens.noneToGive')}
          </Typography>
        ) : groups.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('aq.noMatches')}
          </Typography>
        ) : (
          groups.map((g) => (
            <PermissionGroupList
              key={g.group}
              {...g}
              selected={selected}
              toggle={toggle}
              setMany={setMany}
              disabled={disabled}
            />
          ))
        )}
      </Box>
    </Box>
  );
}
