/**
 * Favourite saved queries in the toolbar (installations and sensors): the visible saved queries of
 * the list, applied as an advanced query on click; saving the query being edited; a link to the
 * saved-queries page.
 */
import { useState } from 'react';
import { Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Tooltip } from '@mui/material';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import SaveIcon from '@mui/icons-material/BookmarkAdd';
import SettingsIcon from '@mui/icons-material/Tune';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { queryValueError, type QueryKind } from '../../../common/presets';
import { useQueriesApi, usePersonalListChange, useSavedQueries } from '../../pages/preferences/preferencesApi';
import { SavedQueryDialog, type SavedQueryDraft } from './SavedQueryDialog';

export function FavouriteQueriesButton({
  kind,
  current,
  onApply,
}: {
  kind: QueryKind;
  /** The query in the editor, offered for saving when it parses. */
  current: string;
  onApply(query: string): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState<SavedQueryDraft | null>(null);
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const { data: queries = [], isLoading } = useSavedQueries(kind);
  const api = useQueriesApi(kind);
  const create = usePersonalListChange(api, (draft: SavedQueryDraft) =>
    api.create({ name: draft.name, value: draft.value, visibility: draft.visibility }),
  );
  const visible = queries.filter((q) => q.visibility);
  const canSave = current.trim() !== '' && !queryValueError(current);
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={translate('aq.query.favourites')}>
        <IconButton
          color="inherit"
          size="small"
          aria-label={translate('aq.query.favourites')}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {visible.length ? <StarIcon /> : <StarBorderIcon />}
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{
          paper: { sx: { maxWidth: 480 } },
          list: { dense: true, 'aria-label': translate('aq.query.saved') } as object,
        }}
      >
        {/* A visual caption only: a menu may hold menu items alone, and the list is named above. */}
        <ListSubheader aria-hidden sx={{ lineHeight: '32px' }}>
          {translate('aq.query.saved')}
        </ListSubheader>
        {isLoading && <MenuItem disabled>{translate('aq.loading')}</MenuItem>}
        {!isLoading && visible.length === 0 && <MenuItem disabled>{translate('aq.query.noneSaved')}</MenuItem>}
        {visible.map((q) => (
          <MenuItem
            key={q.id}
            data-testid="favourite-query"
            onClick={() => {
              close();
              onApply(q.value);
            }}
          >
            <ListItemText
              primary={q.name}
              secondary={q.value}
              slotProps={{ secondary: { noWrap: true, sx: { fontFamily: 'monospace', fontSize: 12 } } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          disabled={!canSave}
          onClick={() => {
            close();
            setSaving({ name: '', value: current.trim(), visibility: true });
          }}
        >
          <ListItemIcon>
            <SaveIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('aq.query.saveCurrent')} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate(`/preferences/queries/${kind}`);
          }}
        >
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('aq.query.manage')} />
        </MenuItem>
      </Menu>
      {saving && (
        <SavedQueryDialog
          kind={kind}
          title={translate('aq.query.save')}
          initial={saving}
          onClose={() => setSaving(null)}
          onSave={async (draft) => {
            await create.mutateAsync(draft);
            notify('aq.pages.savedQueries.saved', { type: 'success' });
          }}
        />
      )}
    </>
  );
}
