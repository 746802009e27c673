/**
 * New GSM firmware version (DeploymentsGsmVersionsCreate, /deployments/gsm/versions/create,
 * add_versions): version number, Binary Bank 0 and Binary Bank 1 files, optional comment, and
 * "Create New Deployment Version" (disabled while invalid or sending). On success: "Created a new
 * deployment version!" and back to the versions list.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Title, useCreate, useNotify, useTranslate } from 'react-admin';
import { UPLOAD_LIMITS } from '../../../common/domain';
import { VERSION_DESCRIPTION_MAX } from '../../../common/firmware';
import { compose, required, versionNumber } from '../../../common/validation';
import { translateRule } from '../../components/formValidation';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { GsmVersionInput } from '../../dataProviders/types';

const RESOURCE = 'deployments/gsm/versions';
const versionRule = compose(required, versionNumber);

function BankInput({ bank, file, onChange }: { bank: 0 | 1; file: File | null; onChange(f: File | null): void }) {
  const translate = useTranslate();
  const tooLarge = file !== null && file.size > UPLOAD_LIMITS.firmware;
  return (
    <Box>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
        {translate(`firmware.versions.bank${bank}`)}
        <input
          hidden
          type="file"
          name={`bank${bank}`}
          data-testid={`bank${bank}`}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" component="span" sx={{ ml: 2 }} color={tooLarge ? 'error' : 'text.secondary'}>
        {file
          ? tooLarge
            ? translate('firmware.versions.tooLarge', { mib: UPLOAD_LIMITS.firmware / 1024 / 1024 })
            : translate('firmware.versions.fileInfo', { name: file.name, kib: Math.ceil(file.size / 1024) })
          : translate('firmware.versions.noFile')}
      </Typography>
    </Box>
  );
}

export function GsmVersionCreatePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const submit = useSubmitOnce();
  const [version, setVersion] = useState('');
  const [touched, setTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [bank0, setBank0] = useState<File | null>(null);
  const [bank1, setBank1] = useState<File | null>(null);
  const versionError = versionRule(version.trim());
  const sizeOk = (f: File | null) => f !== null && f.size > 0 && f.size <= UPLOAD_LIMITS.firmware;
  const valid = !versionError && sizeOk(bank0) && sizeOk(bank1) && description.length <= VERSION_DESCRIPTION_MAX;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    void submit.run(async () => {
      const data: GsmVersionInput = {
        version: version.trim(),
        description: description.trim() || undefined,
        bank0: bank0!,
        bank1: bank1!,
      };
      await create(RESOURCE, { data }, { returnPromise: true });
      notify('firmware.versions.created', { type: 'success' });
      navigate('/deployments/gsm/versions');
    });
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('firmware.versions.createTitle')} />
      <CardContent component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={3}>
          <TextField
            name="version"
            label={translate('firmware.versions.version')}
            value={version}
            required
            onChange={(e) => setVersion(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!versionError}
            helperText={touched && versionError ? translateRule(translate, versionError) : '0.0.0.0 – 255.255.255.255'}
          />
          <BankInput bank={0} file={bank0} onChange={setBank0} />
          <BankInput bank={1} file={bank1} onChange={setBank1} />
          <TextField
            name="description"
            label={translate('firmware.versions.comment')}
            value={description}
            multiline
            minRows={2}
            onChange={(e) => setDescription(e.target.value)}
            error={description.length > VERSION_DESCRIPTION_MAX}
            helperText={`${description.length}/${VERSION_DESCRIPTION_MAX}`}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!valid || submit.pending}>
              {translate('firmware.versions.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
