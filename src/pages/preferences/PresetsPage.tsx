/** PreferencesPresets (/preferences/presets): the user's column presets of the installations table. */
import { useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import {
  NEW_PRESET_FIELDS,
  NEW_PRESET_NAME,
  columnLabel,
  exportPresets,
  isLockedPreset,
  parsePresetsJson,
  type Preset,
  type PresetInput,
} from '../../../common/presets';
import { useListTags } from '../../components/query/useQueryCatalogue';
import { PersonalListPage } from './PersonalListPage';
import { usePersonalListChange, usePresetsApi } from './preferencesApi';
import { PresetDialog } from './PresetDialog';

const MAX_LISTED = 8;

export function PresetsPage() {
  const notify = useNotify();
  const presetsApi = usePresetsApi();
  const [editing, setEditing] = useState<Preset | null>(null);
  const { data: tags } = useListTags('installations');
  const tagNames = useMemo(() => new Map((tags ?? []).map((t) => [t.id, t.name])), [tags]);
  const create = usePersonalListChange(presetsApi, () =>
    presetsApi.create({ name: NEW_PRESET_NAME, visibility: true, fieldsValues: [...NEW_PRESET_FIELDS] }),
  );
  const update = usePersonalListChange(presetsApi, (p: Preset) => presetsApi.update(p));

  const describe = (p: Preset) => {
    if (p.fieldsValues === null) return 'All columns';
    const labels = p.fieldsValues.map((f) => columnLabel(f, tagNames));
    const shown = labels.slice(0, MAX_LISTED).join(', ');
    const more = labels.length > MAX_LISTED ? `, … (${labels.length - MAX_LISTED} more)` : '';
    return `${labels.length} ${labels.length === 1 ? 'column' : 'columns'}: ${shown}${more}`;
  };

  return (
    <PersonalListPage<Preset, PresetInput>
      api={presetsApi}
      texts={{ title: 'Presets', one: 'preset', many: 'presets', empty: 'No presets.' }}
      describe={describe}
      isLocked={isLockedPreset}
      parse={parsePresetsJson}
      exportOne={(p) => exportPresets([p])}
      exportAll={(list) => exportPresets(list)}
      onCreate={() => {
        create
          .mutateAsync(undefined)
          .then((preset) => {
            notify('Saved preset', { type: 'success' });
            if (!Array.isArray(preset)) setEditing(preset);
          })
          .catch(() => undefined);
      }}
      onEdit={setEditing}
    >
      {editing && (
        <PresetDialog
          key={editing.id}
          initial={editing}
          onClose={() => setEditing(null)}
          onSave={async (p) => {
            await update.mutateAsync(p);
            notify('Saved preset', { type: 'success' });
          }}
        />
      )}
    </PersonalListPage>
  );
}
