/**
 * PreferencesPresets (/preferences/presets): the user's column presets of the installations table.
 * Create opens a new preset (Custom, the installation id) in the dialog: it is stored on Save only,
 * so Cancel leaves nothing behind.
 */
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  NEW_PRESET_FIELDS,
  NEW_PRESET_NAME,
  exportPresets,
  isLockedPreset,
  parsePresetsJson,
  type Preset,
  type PresetInput,
} from '../../../common/presets';
import { useListTags } from '../../components/query/useQueryCatalogue';
import { PersonalListPage } from './PersonalListPage';
import { usePersonalListChange, usePresetsApi } from './preferencesApi';
import { PresetDialog, type PresetDraft } from './PresetDialog';
import { useColumnLabel } from './useColumnLabel';

const MAX_LISTED = 8;

export function PresetsPage() {
  const notify = useNotify();
  const translate = useTranslate();
  const presetsApi = usePresetsApi();
  const [editing, setEditing] = useState<PresetDraft | null>(null);
  const { data: tags } = useListTags('installations');
  const tagNames = useMemo(() => new Map((tags ?? []).map((t) => [t.id, t.name])), [tags]);
  const columnLabel = useColumnLabel(tagNames);
  const save = usePersonalListChange(presetsApi, ({ id, ...preset }: PresetDraft) =>
    id === undefined ? presetsApi.create(preset) : presetsApi.update({ id, ...preset }),
  );

  const describe = (p: Preset) => {
    if (p.fieldsValues === null) return translate('aq.pages.presets.allColumns');
    const labels = p.fieldsValues.map(columnLabel);
    const shown = labels.slice(0, MAX_LISTED).join(', ');
    const more =
      labels.length > MAX_LISTED ? translate('aq.pages.presets.more', { count: labels.length - MAX_LISTED }) : '';
    return `${translate('aq.pages.presets.columns', { smart_count: labels.length })}: ${shown}${more}`;
  };

  return (
    <PersonalListPage<Preset, PresetInput>
      api={presetsApi}
      texts={{ title: 'aq.pages.presets.title', prefix: 'aq.pages.presets' }}
      describe={describe}
      isLocked={isLockedPreset}
      parse={parsePresetsJson}
      exportOne={(p) => exportPresets([p])}
      exportAll={(list) => exportPresets(list)}
      onCreate={() => setEditing({ name: NEW_PRESET_NAME, visibility: true, fieldsValues: [...NEW_PRESET_FIELDS] })}
      onEdit={setEditing}
    >
      {editing && (
        <PresetDialog
          key={editing.id ?? 'new'}
          initial={editing}
          onClose={() => setEditing(null)}
          onSave={async (p) => {
            await save.mutateAsync(p);
            notify('aq.pages.presets.saved', { type: 'success' });
          }}
        />
      )}
    </PersonalListPage>
  );
}
