/** Delete a developer-portal user (remove_panel_users) after the spec's confirmation (document 2, section 8). */
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AdpUser } from '../../dataProviders/adpUsers';
import type { AppDataProvider } from '../../dataProviders/types';

export function AdpUserDeleteDialog({
  record,
  onDeleted,
  onClose,
}: {
  record: AdpUser;
  onDeleted(): void;
  onClose(): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const submitting = useSubmitOnce();
  return (
    <Confirm
      isOpen
      loading={submitting.pending}
      title="adpUsers.delete.title"
      content={translate('adpUsers.delete.confirm', { name: record.nickname, email: record.email })}
      confirm="ra.action.delete"
      confirmColor="warning"
      onConfirm={() =>
        void submitting.run(async () => {
          await dataProvider.delete('adp-users', { id: record.id, previousData: record });
          notify(...success('adpUsers.delete.done', { name: record.nickname }));
          onClose();
          onDeleted();
        })
      }
      onClose={onClose}
    />
  );
}
