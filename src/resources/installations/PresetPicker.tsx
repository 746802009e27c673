/**
 * The preset picker of the installations toolbar: switching presets changes the columns at once and
 * is remembered per user on the server (the `selected preset` rule: the selected one while it is
 * visible, otherwise All). `?preset=<id>` in the URL names a preset for this view without changing
 * the stored choice, so a link can show a colleague the same columns.
 */
import { useCallback } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Preset } from '../../../common/presets';
import { useSelectedPreset } from '../../pages/preferences/preferencesApi';

export const PRESET_PARAM = 'preset';

export function usePresetChoice(): { preset: Preset | undefined; presets: Preset[]; choose(id: number): void } {
  const { preset: stored, presets, select } = useSelectedPreset();
  const location = useLocation();
  const navigate = useNavigate();
  const visible = presets.filter((p) => p.visibility);
  const named = Number(new URLSearchParams(location.search).get(PRESET_PARAM));
  const preset = visible.find((p) => p.id === named) ?? stored;
  const choose = useCallback(
    (id: number) => {
      const params = new URLSearchParams(window.location.search);
      if (params.has(PRESET_PARAM)) {
        params.set(PRESET_PARAM, String(id));
        navigate({ pathname: window.location.pathname, search: `?${params}` }, { replace: true });
      }
      void select(id);
    },
    [navigate, select],
  );
  return { preset, presets: visible, choose };
}

export function PresetPicker({
  preset,
  presets,
  choose,
}: {
  preset: Preset | undefined;
  presets: Preset[];
  choose(id: number): void;
}) {
  const translate = useTranslate();
  if (presets.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('installations.preset')}
      value={preset?.id ?? ''}
      onChange={(e) => choose(Number(e.target.value))}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } } } }}
      data-testid="preset-picker"
    >
      {presets.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
