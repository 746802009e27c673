/**
 * Tags of one context ('Tags for Sensors', 'Tags for Installations', 'Tags for Contractors'):
 * ID, Name, Type, Values and Actions, META tags included. Create, update and remove follow the
 * add / modify / remove permissions of the context (add_tags or add_sensor_tags …). The sort lives
 * in the URL, so reload and Back keep it.
 */
import { useState } from 'react';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { List, RefreshButton, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { TagContext } from '../../../common/domain';
import { contractorTag, installationTag, sensorTag, type EntityDecl } from '../../../common/entities';
import { useDeclaredColumns } from '../DeclaredColumns';
import { useCanAccessNow } from '../useCanAccessNow';
import { useFieldAccess } from '../useFieldAccess';
import { RemoveTagButton } from './RemoveTagButton';
import { TagDialog } from './TagDialog';
import { TAG_SCREEN_TITLES, type Tag } from './types';
import { GridDataTable } from '../../components/grid/GridDataTable';

/** The declaration of each context's tags (their columns). */
const TAG_ENTITIES: Record<TagContext, EntityDecl> = {
  sensors: sensorTag,
  installations: installationTag,
  contractors: contractorTag,
};

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 4 }} color="text.secondary" data-testid="list-empty">
      {translate('aq.noData')}
    </Typography>
  );
}

function TagValuesField() {
  const tag = useRecordContext<Tag>();
  if (!tag?.values?.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {tag.values.map((v) => (
        <Chip key={v} label={v} size="small" variant="outlined" />
      ))}
    </Box>
  );
}

function EditTagButton({ onEdit }: { onEdit: (tag: Tag) => void }) {
  const tag = useRecordContext<Tag>();
  const translate = useTranslate();
  if (!tag) return null;
  return (
    <Tooltip title={translate('ra.action.edit')}>
      <IconButton
        size="small"
        onClick={() => onEdit(tag)}
        aria-label={translate('aq.pages.tags.editTag', { name: tag.name })}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export function TagList({ context }: { context: TagContext }) {
  const translate = useTranslate();
  const resource = `${context}/tags`;
  const canCreate = useCanAccessNow({ resource, action: 'create' });
  const canEdit = useCanAccessNow({ resource, action: 'edit' });
  const canRemove = useCanAccessNow({ resource, action: 'delete' });
  // undefined: closed; null: creating; a tag: updating it.
  const [dialog, setDialog] = useState<Tag | null | undefined>(undefined);
  const { columns } = useDeclaredColumns<Tag>(TAG_ENTITIES[context], useFieldAccess(), {
    id: { align: 'left' },
    values: () => <TagValuesField />,
    actions: {
      align: 'right',
      render: () => (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', minHeight: 30 }}>
          {canEdit && <EditTagButton onEdit={setDialog} />}
          {canRemove && <RemoveTagButton context={context} />}
        </Box>
      ),
    },
  });

  const actions = (
    <TopToolbar>
      <RefreshButton />
      {canCreate && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog(null)}>
          {translate('aq.pages.tags.add')}
        </Button>
      )}
    </TopToolbar>
  );

  return (
    <>
      <List
        resource={resource}
        title={TAG_SCREEN_TITLES[context]}
        storeKey={false}
        perPage={10_000}
        sort={{ field: 'id', order: 'ASC' }}
        pagination={false}
        actions={actions}
        empty={false}
      >
        <GridDataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
          {columns}
        </GridDataTable>
      </List>
      {dialog !== undefined && (
        <TagDialog context={context} tag={dialog ?? undefined} onClose={() => setDialog(undefined)} />
      )}
    </>
  );
}

export const SensorTagList = () => <TagList context="sensors" />;
export const InstallationTagList = () => <TagList context="installations" />;
export const ContractorTagList = () => <TagList context="contractors" />;
