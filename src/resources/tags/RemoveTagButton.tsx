/** Removes a tag after a confirmation that its values go with it; 'Removed tag'. */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { TagContext } from '../../../common/domain';
import { useTagMutations } from './tagsApi';
import type { Tag } from './types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function RemoveTagButton({ context }: { context: TagContext }) {
  const tag = useRecordContext<Tag>();
  const notify = useNotify();
  const translate = useTranslate();
  const { remove } = useTagMutations(context);
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  if (!tag) return null;
  return (
    <>
      <Tooltip title={translate('ra.action.remove')}>
        <IconButton
          size="small"
          color="error"
          onClick={() => setOpen(true)}
          aria-label={translate('aq.pages.tags.removeTag', { name: tag.name })}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title="aq.confirm.removeTag.title"
        titleTranslateOptions={{ name: tag.name }}
        content={`aq.confirm.removeTag.content.${context}`}
        confirm="ra.action.remove"
        confirmColor="warning"
        onConfirm={() =>
          // After the promise, not in mutateAsync's own callbacks: the removal refreshes the list,
          // which can unmount this row (and its button) before they run, and React Query skips the
          // callbacks of an unmounted caller: the notification was then lost.
          void submitting.run(async () => {
            try {
              await remove.mutateAsync(tag);
              notify(...success('aq.notifications.tagRemoved'));
            } finally {
              setOpen(false);
            }
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
