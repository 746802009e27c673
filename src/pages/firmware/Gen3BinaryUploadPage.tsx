/**
 * Upload a Gen3 binary (DeploymentsGen3VersionBinariesCreate, /deployments/gen3/versions/{version}/binaries/create,
 * add_versions): Module ID (integer), optional description (counter 255), the Contents file and
 * "Set as active". "Upload" sends the file (then activates it when asked); "Binary Uploaded!", then
 * the version's page when set active, otherwise the version's binaries. For a version that does
 * not exist the page says so (as the version's other screens do) instead of offering the form.
 */
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button, Card, CardContent, Checkbox, FormControlLabel, LinearProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadIcon from '@mui/icons-material/Upload';
import { useQueryClient } from '@tanstack/react-query';
import {
  FileField,
  FileInput,
  TextInput,
  Title,
  useDataProvider,
  useInput,
  useNotify,
  useTranslate,
  type Validator,
} from 'react-admin';
import { UPLOAD_LIMITS } from '../../../common/domain';
import { MAX_GEN3_MODULE } from '../../../common/firmware';
import { compose, integer, maxValue, minValue, required } from '../../../common/validation';
import { FormPage } from '../../components/FormPage';
import { ruleValidator } from '../../components/formValidation';
import { success } from '../../components/sensors/notifications';
import type { AppDataProvider } from '../../dataProviders/types';
import { gen3VersionPath } from '../../resources/firmware/Gen3VersionList';
import { Gen3DescriptionInput } from './Gen3DescriptionInput';
import { useGen3Version } from './useGen3Version';

const RESOURCE = 'deployments/gen3/versions';
const validateModule = ruleValidator(compose(required, integer, minValue(0), maxValue(MAX_GEN3_MODULE)));
const MIB = UPLOAD_LIMITS.firmware / 1024 / 1024;
/** Where react-admin's FileInput keeps the chosen file's name. */
const FILE_NAME_SOURCE = 'title';

/** A file is required, not empty and within the firmware upload limit. */
const validateFile: Validator = (value: { rawFile?: File } | null | undefined) => {
  const file = value?.rawFile;
  if (!(file instanceof File)) return 'validation.required';
  if (file.size === 0) return 'firmware.gen3.upload.empty';
  if (file.size > UPLOAD_LIMITS.firmware) return { message: 'firmware.versions.tooLarge', args: { mib: MIB } };
  return undefined;
};

/** The "Set as active" checkbox. */
function SetActiveInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'active' });
  return (
    <FormControlLabel
      control={
        <Checkbox name="active" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
      }
      label={translate('firmware.gen3.upload.setActive')}
    />
  );
}

interface UploadValues {
  module: string;
  description?: string;
  file: { rawFile: File };
  active: boolean;
}

/** The page while the version is read, or when it cannot be: a progress bar, or what went wrong. */
function VersionState({ version, problem }: { version: string; problem?: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title={translate('firmware.gen3.upload.title', { version })} />
      <CardContent>
        <Button component={RouterLink} to="/deployments/gen3/versions" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
          {translate('firmware.gen3.version.back')}
        </Button>
        {problem ? <Typography color="error">{problem}</Typography> : <LinearProgress />}
      </CardContent>
    </Card>
  );
}

/** The form, for a version that exists. */
function UploadForm({ version }: { version: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <FormPage
      title="firmware.gen3.upload.title"
      titleArgs={{ version }}
      saveLabel="firmware.gen3.upload.submit"
      saveIcon={<UploadIcon />}
      defaultValues={{ module: '', description: '', file: null, active: false }}
      fields={['module', 'description']}
      onSubmit={async ({ module, description, file, active }: UploadValues) => {
        const { id } = await dataProvider.uploadGen3Binary(RESOURCE, {
          version,
          module: Number(module),
          description: description?.trim() || undefined,
          file: file.rawFile,
        });
        if (active) await dataProvider.activateGen3Binary(RESOURCE, { id });
        await queryClient.invalidateQueries({ queryKey: [RESOURCE, version] });
        notify(...success('firmware.gen3.upload.uploaded'));
        navigate(active ? gen3VersionPath(version) : `${gen3VersionPath(version)}/binaries`);
      }}
    >
      <TextInput
        source="module"
        label={translate('firmware.gen3.upload.module')}
        validate={validateModule}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Gen3DescriptionInput />
      <FileInput
        source="file"
        label={translate('firmware.gen3.upload.file')}
        placeholder={translate('firmware.gen3.upload.drop')}
        // react-admin's label is not tied to the dropzone's own file input: name the input itself.
        inputProps={{ 'aria-label': translate('firmware.gen3.upload.file') }}
        validate={validateFile}
        multiple={false}
      >
        <FileField source="src" title={FILE_NAME_SOURCE} />
      </FileInput>
      <SetActiveInput />
    </FormPage>
  );
}

export function Gen3BinaryUploadPage() {
  const { version = '' } = useParams();
  const { one, problem } = useGen3Version(version);
  if (one.isPending || problem) return <VersionState version={version} problem={problem} />;
  return <UploadForm version={version} />;
}
