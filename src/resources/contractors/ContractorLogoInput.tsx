/**
 * The logo of a new contractor (document 2, section 2.5): one of the default logos
 * (`GET /contractors/default-logos`, sent as `logo`) or an image file (sent as `file`, which wins).
 * Picking one clears the other.
 */
import { useEffect, useMemo, useRef } from 'react';
import {
  Box,
  Button,
  FormHelperText,
  FormLabel,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import ClearIcon from '@mui/icons-material/Clear';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProviders/types';
import { ContractorLogoImage, LOGO_ACCEPT } from './ContractorLogo';
import { imageUrl } from '../installationRequests/imageUrl';

export function ContractorLogoInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue, register } = useFormContext();
  const logo = (useWatch({ name: 'logo' }) as string | undefined) ?? '';
  const file = useWatch({ name: 'file' }) as File | null | undefined;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    register('logo');
    register('file');
  }, [register]);
  const defaults = useQuery({
    queryKey: ['contractors', 'getDefaultLogos'],
    queryFn: ({ signal }) => dataProvider.getDefaultLogos('contractors', { signal }),
    staleTime: Infinity,
  });
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pickDefault = (name: string | null) => {
    setValue('logo', name ?? '', { shouldDirty: true });
    setValue('file', null, { shouldDirty: true });
  };
  return (
    <Box sx={{ mb: 2, width: '100%' }} data-testid="contractor-logo-input">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate('contractors.logo.label')}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={file ? null : logo || null}
        onChange={(_e, name: string | null) => pickDefault(name)}
        aria-label={translate('contractors.logo.defaults')}
        sx={{ flexWrap: 'wrap' }}
      >
        {(defaults.data ?? []).map((d) => (
          <ToggleButton
            key={d.name}
            value={d.name}
            aria-label={translate('contractors.logo.default', { name: d.name })}
            title={d.name}
            data-logo={d.name}
          >
            <Box component="img" src={imageUrl(d.url)} alt="" sx={{ width: 32, height: 32, display: 'block' }} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          {translate('contractors.logo.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={LOGO_ACCEPT}
          hidden
          data-testid="contractor-logo-file"
          aria-label={translate('contractors.logo.upload')}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            event.target.value = '';
            if (!picked) return;
            setValue('file', picked, { shouldDirty: true });
            setValue('logo', '', { shouldDirty: true });
          }}
        />
        {file && preview && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <ContractorLogoImage src={preview} name={file.name} />
            <Box
              component="span"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 240 }}
              title={file.name}
            >
              {file.name}
            </Box>
            <Tooltip title={translate('contractors.logo.remove')}>
              <IconButton
                size="small"
                aria-label={translate('contractors.logo.remove')}
                onClick={() => setValue('file', null, { shouldDirty: true })}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      </Box>
      <FormHelperText>{translate('contractors.logo.hint')}</FormHelperText>
    </Box>
  );
}
