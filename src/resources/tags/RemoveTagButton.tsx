/** Removes a tag after a confirmation that its values go with it; 'Removed tag'. */
import { useState } from 'react';
import { DialogContentText, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useRecordContext } from 'react-admin';
import type { TagContext } from '../../../common/domain';
import { useTagMutations } from './tagsApi';
import { TAG_SINGULAR, type Tag } from './types';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';

export function RemoveTagButton({ context }: { context: TagContext }) {
  const tag = useRecordContext<Tag>();
  const notify = useNotify();
  const { remove } = useTagMutations(context);
  const [open, setOpen] = useState(false);
  const submitting = useSubmitOnce();
  if (!tag) return null;
  return (
    <>
      <Tooltip title="Remove">
        <IconButton size="small" color="error" onClick={() => setOpen(true)} aria-label={`Remove tag ${tag.name}`}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={submitting.pending}
        title={`Remove tag "${tag.name}"`}
        content={
          <DialogContentText>
            {`Removing the tag also removes its associated data: its value on every ${TAG_SINGULAR[context]}. This cannot be undone.`}
          </DialogContentText>
        }
        confirm="Remove"
        confirmColor="warning"
        onConfirm={() =>
          void submitting.run(() =>
            remove.mutateAsync(tag, {
              onSuccess: () => {
                setOpen(false);
                notify(...success('Removed tag'));
              },
              onError: () => setOpen(false),
            }),
          )
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
