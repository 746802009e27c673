/**
 * A contractor's logo in the list, and — with edit_contractors — a button that uploads a new one
 * (`PATCH /contractors/{id}/logo`, JPEG, PNG or WebP). The request's button is off while it runs.
 */
import { useRef } from 'react';
import { Avatar, Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { ContractorUpdateMeta } from '../../dataProviders/types';
import type { Contractor } from './types';
import { imageUrl } from '../installationRequests/imageUrl';

/** What the file picker offers (the server checks the content). */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp';

export function ContractorLogoImage({ src, name, size = 32 }: { src: string | null; name: string; size?: number }) {
  const translate = useTranslate();
  return (
    <Avatar
      variant="rounded"
      src={src ? imageUrl(src) : undefined}
      alt={translate('contractors.logo.of', { name })}
      sx={{ width: size, height: size, fontSize: size / 2.2, bgcolor: src ? 'transparent' : undefined }}
      imgProps={{ loading: 'lazy' }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}

export function ContractorLogoField({ canEdit }: { canEdit: boolean }) {
  const record = useRecordContext<Contractor>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update] = useUpdate<Contractor>();
  const upload = useSubmitOnce();
  const input = useRef<HTMLInputElement>(null);
  if (!record) return null;
  const label = translate('contractors.logo.changeOf', { name: record.name });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid={`contractor-logo-${record.id}`}>
      <ContractorLogoImage src={record.logo} name={record.name} />
      {canEdit && (
        <>
          <Tooltip title={translate('contractors.logo.change')}>
            <span>
              <IconButton
                size="small"
                aria-label={label}
                disabled={upload.pending}
                onClick={() => input.current?.click()}
                sx={{ opacity: 0.6, '&:hover': { opacity: 1 } }}
              >
                {upload.pending ? <CircularProgress size={14} /> : <UploadIcon sx={{ fontSize: 16 }} />}
              </IconButton>
            </span>
          </Tooltip>
          <input
            ref={input}
            type="file"
            accept={LOGO_ACCEPT}
            hidden
            aria-label={label}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              void upload.run(async () => {
                const meta: ContractorUpdateMeta = { action: 'logo' };
                await update(
                  'contractors',
                  { id: record.id, data: { file } as Partial<Contractor>, previousData: record, meta },
                  { mutationMode: 'pessimistic', returnPromise: true },
                );
                notify(...success('contractors.logo.changed'));
              });
            }}
          />
        </>
      )}
    </Box>
  );
}
