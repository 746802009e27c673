/**
 * PreferencesQueriesInstallations and PreferencesQueriesSensors (/preferences/queries/{kind}): the
 * user's saved queries of a list, with a help link to the query-language documentation.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  exportSavedQueries,
  parseSavedQueriesJson,
  type QueryKind,
  type SavedQuery,
  type SavedQueryInput,
} from '../../../common/presets';
import { queryHelpLink } from '../../components/query/QueryHelpButton';
import { QueryText } from '../../components/query/QueryText';
import { SavedQueryDialog, type SavedQueryDraft } from '../../components/query/SavedQueryDialog';
import { PersonalListPage } from './PersonalListPage';
import { useQueriesApi, usePersonalListChange } from './preferencesApi';

/** Page title keys. */
const TITLES: Record<QueryKind, string> = {
  installations: 'aq.pages.savedQueries.title.installations',
  sensors: 'aq.pages.savedQueries.title.sensors',
};

function SavedQueriesPage({ kind }: { kind: QueryKind }) {
  const notify = useNotify();
  const translate = useTranslate();
  const api = useQueriesApi(kind);
  const [editing, setEditing] = useState<{ draft: SavedQueryDraft; title: string } | null>(null);
  const save = usePersonalListChange(api, (draft: SavedQueryDraft) =>
    draft.id === undefined
      ? api.create({ name: draft.name, value: draft.value, visibility: draft.visibility })
      : api.update({ id: draft.id, name: draft.name, value: draft.value, visibility: draft.visibility }),
  );

  return (
    <PersonalListPage<SavedQuery, SavedQueryInput>
      api={api}
      texts={{ title: TITLES[kind], prefix: 'aq.pages.savedQueries' }}
      describe={(q) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <QueryText value={q.value} />
          <Button
            size="small"
            component={RouterLink}
            to={`/${kind}?${new URLSearchParams({ search: q.value, advanced: 'true' })}`}
            startIcon={<PlayArrowIcon />}
            sx={{ minWidth: 0, py: 0 }}
          >
            {translate('aq.pages.savedQueries.run')}
          </Button>
        </span>
      )}
      parse={parseSavedQueriesJson}
      exportOne={(q) => exportSavedQueries([q])}
      exportAll={(list) => exportSavedQueries(list)}
      onCreate={() =>
        setEditing({ draft: { name: '', value: '', visibility: true }, title: translate('aq.pages.savedQueries.new') })
      }
      onEdit={(q) => setEditing({ draft: q, title: translate('aq.pages.savedQueries.edit') })}
      extra={
        <Button component={RouterLink} to={queryHelpLink(kind)} startIcon={<HelpOutlineIcon />}>
          {translate('aq.query.help')}
        </Button>
      }
    >
      {editing && (
        <SavedQueryDialog
          kind={kind}
          title={editing.title}
          initial={editing.draft}
          onClose={() => setEditing(null)}
          onSave={async (draft) => {
            await save.mutateAsync(draft);
            notify('aq.pages.savedQueries.saved', { type: 'success' });
          }}
        />
      )}
    </PersonalListPage>
  );
}

export const InstallationQueriesPage = () => <SavedQueriesPage key="installations" kind="installations" />;
export const SensorQueriesPage = () => <SavedQueriesPage key="sensors" kind="sensors" />;
