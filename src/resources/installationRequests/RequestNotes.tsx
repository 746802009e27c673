/**
 * The request's notes (document 2, section 2.4): those the client submitted, read-only, and the
 * internal staff notes — editable with modify_installation_requests (saved as plain text, 'The notes
 * were saved'), read-only otherwise.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { STAFF_NOTES_MAX } from '../../../common/requests';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { InstallationRequestUpdateMeta } from '../../dataProviders/types';
import { useCanAccessNow } from '../useCanAccessNow';
import type { InstallationRequestRecord } from './types';
import { useRequestChanged } from './useRequestChange';

const PRE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function StaffNotesEditor({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<InstallationRequestRecord>();
  const changed = useRequestChanged();
  const submit = useSubmitOnce();
  const saved = request.staffNotes ?? '';
  const [text, setText] = useState(saved);
  // A save (or another person's, on refetch) becomes the new starting point.
  useEffect(() => setText(saved), [saved]);
  const tooLong = text.length > STAFF_NOTES_MAX;
  const dirty = text !== saved;
  const save = () =>
    submit.run(async () => {
      const meta: InstallationRequestUpdateMeta = { action: 'notes' };
      await update(
        'installation-requests',
        { id: request.id, data: { staffNotes: text }, previousData: request, meta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(...success('requests.notes.saved'));
      await changed();
    });
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty && !tooLong) void save();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <TextField
        name="staffNotes"
        label={translate('requests.notes.staff')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        maxRows={14}
        fullWidth
        error={tooLong}
        helperText={
          tooLong
            ? translate('requests.notes.tooLong', { max: STAFF_NOTES_MAX })
            : translate('requests.notes.staffHelp')
        }
        slotProps={{ htmlInput: { 'data-testid': 'staff-notes-input' } }}
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="small"
          startIcon={<SaveIcon />}
          disabled={!dirty || tooLong || submit.pending}
        >
          {translate('requests.notes.save')}
        </Button>
      </Box>
    </Box>
  );
}

export function RequestNotes({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const canEdit = useCanAccessNow({ resource: 'installation-requests', action: 'edit' });
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="subtitle2" color="text.secondary" gutterBottom>
            {translate('requests.notes.submitted')}
          </Typography>
          <Typography variant="body2" sx={PRE} data-testid="request-notes">
            {request.notes || translate('requests.notes.noneSubmitted')}
          </Typography>
        </Box>
        {canEdit ? (
          <StaffNotesEditor request={request} />
        ) : (
          <Box>
            <Typography variant="subtitle2" color="text.secondary" gutterBottom>
              {translate('requests.notes.staff')}
            </Typography>
            <Typography variant="body2" sx={PRE} data-testid="request-staff-notes">
              {request.staffNotes || translate('requests.notes.staffEmpty')}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
