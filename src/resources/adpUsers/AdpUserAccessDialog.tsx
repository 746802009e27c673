/**
 * The access-definitions (permissions) editor of a portal user (edit_contractors_adp_users;
 * document 2, sections 4, 5, 7): the user's definitions as an editable table; saving sends only the
 * differences — each added, changed or deleted definition as its own call — then "User access
 * updated!". A CLIENT may hold only its contractor's own access (the server refuses more).
 */
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { accessDifferences, type AccessDefinition, type AdpUserType } from '../../../common/adpUsers';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import {
  ADP_USER_DETAIL,
  type AdpUser,
  type AdpUserDetail,
  type AdpUserUpdateMeta,
} from '../../dataProviders/adpUsers';
import { AccessDefinitionsEditor, reachesSomething } from './AccessDefinitionsEditor';

export function AdpUserAccessDialog({
  record,
  onSaved,
  onClose,
}: {
  record: AdpUser;
  onSaved(): void;
  onClose(): void;
}) {
  const translate = useTranslate();
  const [update] = useUpdate<AdpUserDetail>();
  const notify = useNotify();
  const titleId = useId();
  const submitting = useSubmitOnce();
  const [error, setError] = useState<string | null>(null);
  const detail = useGetOne<AdpUserDetail>('adp-users', { id: record.id, meta: ADP_USER_DETAIL });
  const [rows, setRows] = useState<AccessDefinition[] | null>(null);
  useEffect(() => {
    if (detail.data && rows === null) setRows(detail.data.accessDefinitions);
  }, [detail.data, rows]);
  const before = detail.data?.accessDefinitions ?? [];
  const diff = rows ? accessDifferences(before, rows) : { added: [], changed: [], deleted: [] };
  const changed = diff.added.length + diff.changed.length + diff.deleted.length > 0;
  const valid = (rows ?? []).every(reachesSomething);
  const save = () =>
    void submitting.run(async () => {
      setError(null);
      try {
        const meta: AdpUserUpdateMeta = { action: 'access' };
        await update(
          'adp-users',
          { id: record.id, data: { accessDefinitions: rows ?? [] }, previousData: detail.data, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        notify(...success('adpUsers.access.updated'));
        onClose();
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        setRows(null);
      } finally {
        await detail.refetch();
        onSaved();
      }
    });
  return (
    <Dialog open onClose={submitting.pending ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {translate('adpUsers.access.title', { name: record.nickname })}
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {rows === null ? (
          <CircularProgress size={24} />
        ) : (
          <AccessDefinitionsEditor
            value={rows}
            onChange={setRows}
            type={record.type as AdpUserType}
            sponsorId={record.contractorId ?? detail.data?.contractorId ?? null}
            disabled={submitting.pending}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting.pending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={submitting.pending || !changed || !valid}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
