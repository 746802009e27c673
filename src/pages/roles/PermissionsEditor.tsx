/**
 * Every permission of the catalogue (plus the per-record ones a role holds) as checkboxes, grouped
 * View / Modify / Admin / Other, with a search over the names and a select-all box per group that
 * acts on the permissions the search shows. Read-only while `disabled`; a permission `isLocked`
 * says the user may not grant stays off, with the reason on hover (select-all leaves it out).
 */
import { useMemo, useState } from 'react';
import { Box, Checkbox, FormControlLabel, InputAdornment, Paper, TextField, Tooltip, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { allPermissions, permissionGroup, type PermissionGroup } from '../../../common/permissions';

const GROUPS: readonly PermissionGroup[] = ['View', 'Modify', 'Admin', 'Other'];

export interface PermissionsEditorProps {
  value: Record<string, boolean>;
  onChange?: (next: Record<string, boolean>) => void;
  disabled?: boolean;
  /** A permission that may not be switched on here (the user cannot grant it). */
  isLocked?: (name: string) => boolean;
}

const unlocked = () => false;

/**
 * The catalogue in its own order with the permissions of configured resources, then any other
 * names the role holds (per-record ones), sorted.
 */
function permissionNames(value: Record<string, boolean>): string[] {
  const known = allPermissions();
  const catalogue = new Set<string>(known);
  const extra = Object.keys(value)
    .map((n) => n.toLowerCase())
    .filter((n) => !catalogue.has(n));
  return [...known, ...[...new Set(extra)].sort()];
}

/** Spaces in the search stand for underscores: "sensor tag" finds view_sensor_tags. */
const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, '_');

function GroupSection({
  group,
  names,
  total,
  value,
  disabled,
  onChange,
  isLocked,
}: {
  group: PermissionGroup;
  names: string[];
  total: { granted: number; all: number };
  value: Record<string, boolean>;
  disabled?: boolean;
  onChange?: (next: Record<string, boolean>) => void;
  isLocked: (name: string) => boolean;
}) {
  // The box tells the whole group (as the count beside it does), also under a search; clicking it
  // grants the permissions shown (those that may be granted), or revokes them when they are all
  // granted already.
  const open = names.filter((n) => !isLocked(n));
  const allShown = open.every((n) => value[n]);
  const all = total.granted === total.all;
  const some = total.granted > 0 && !all;
  const translate = useTranslate();
  const groupLabel = translate(`aq.pages.roles.groups.${group}`);
  const setMany = (checked: boolean) => onChange?.({ ...value, ...Object.fromEntries(open.map((n) => [n, checked])) });
  const lockedReason = translate('aq.pages.roles.notGrantable');
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      data-testid={`permission-group-${group}`}
      component="section"
      aria-label={translate('aq.pages.roles.groupPermissions', { group: groupLabel })}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <FormControlLabel
          sx={{ mr: 'auto' }}
          control={
            <Checkbox
              checked={all}
              indeterminate={some}
              disabled={disabled || open.length === 0}
              onChange={() => setMany(!allShown)}
              slotProps={{ input: { 'aria-label': translate('aq.pages.roles.selectAll', { group: groupLabel }) } }}
            />
          }
          label={
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {groupLabel}
            </Typography>
          }
        />
        <Typography variant="body2" color="text.secondary" data-testid={`permission-group-${group}-count`}>
          {total.granted} / {total.all}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', columnGap: 2 }}>
        {names.map((name) => {
          const locked = !disabled && isLocked(name);
          const item = (
            <FormControlLabel
              key={name}
              sx={{ m: 0, minWidth: 0 }}
              control={
                <Checkbox
                  size="small"
                  checked={Boolean(value[name])}
                  disabled={disabled || locked}
                  onChange={(e) => onChange?.({ ...value, [name]: e.target.checked })}
                  slotProps={{ input: { 'aria-label': name } }}
                />
              }
              label={
                <Typography
                  variant="body2"
                  color={locked ? 'text.disabled' : undefined}
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                >
                  {name}
                </Typography>
              }
            />
          );
          return locked ? (
            <Tooltip key={name} title={lockedReason} placement="top-start">
              {item}
            </Tooltip>
          ) : (
            item
          );
        })}
      </Box>
    </Paper>
  );
}

export function PermissionsEditor({ value, onChange, disabled, isLocked = unlocked }: PermissionsEditorProps) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const names = useMemo(() => permissionNames(value), [value]);
  const byGroup = useMemo(() => {
    const map = new Map<PermissionGroup, string[]>(GROUPS.map((g) => [g, []]));
    for (const name of names) map.get(permissionGroup(name))!.push(name);
    return map;
  }, [names]);
  const needle = normalise(search);
  const visible = (group: PermissionGroup) => byGroup.get(group)!.filter((n) => !needle || n.includes(needle));
  const shown = GROUPS.map((group) => ({ group, names: visible(group) })).filter((g) => g.names.length > 0);
  const grantedCount = names.filter((n) => value[n]).length;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="permissions-editor">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={translate('aq.pages.roles.searchPermissions')}
          sx={{ flex: '1 1 280px', maxWidth: 480 }}
          slotProps={{
            htmlInput: { 'aria-label': translate('aq.pages.roles.searchPermissions'), name: 'permission-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" data-testid="permissions-granted">
          {translate('aq.pages.roles.granted', { granted: grantedCount, all: names.length })}
        </Typography>
      </Box>
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate('aq.noMatches')}
        </Typography>
      ) : (
        shown.map(({ group, names: groupNames }) => {
          const all = byGroup.get(group)!;
          return (
            <GroupSection
              key={group}
              group={group}
              names={groupNames}
              total={{ granted: all.filter((n) => value[n]).length, all: all.length }}
              value={value}
              disabled={disabled}
              onChange={onChange}
              isLocked={isLocked}
            />
          );
        })
      )}
    </Box>
  );
}
