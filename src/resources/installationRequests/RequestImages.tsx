/**
 * The request's images (document 2, sections 2.4, 7): thumbnails opening the full image, and with
 * add_installation_requests_images an upload (multipart `file`, with an optional note of where
 * the photo was taken). The file is checked here before sending — JPEG, PNG or WebP by its
 * content, at most the server's limit — and again by the server. 'Saved image!'. The images are
 * signed links that expire: the request is read again before they do (./useFreshImageLinks.ts).
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { UPLOAD_LIMITS } from '../../../common/domain';
import { IMAGE_ACCEPT, sniffImageType } from '../../../common/images';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider } from '../../dataProviders/types';
import { useFieldAccess } from '../useFieldAccess';
import { imageUrl } from './imageUrl';
import type { InstallationRequestRecord } from './types';
import { useFreshImageLinks } from './useFreshImageLinks';
import { useRequestChanged } from './useRequestChange';

const MAX_MIB = UPLOAD_LIMITS.image / 1024 / 1024;

/** The message key (and values) of what is wrong with a chosen file, or null when it may be sent. */
export async function imageProblem(file: File): Promise<[string, Record<string, unknown>?] | null> {
  if (file.size > UPLOAD_LIMITS.image) return ['requests.images.tooLarge', { max: MAX_MIB }];
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (file.size === 0 || !sniffImageType(head)) return ['requests.images.wrongType'];
  return null;
}

function ImageUpload({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const changed = useRequestChanged();
  const submit = useSubmitOnce();
  const input = useRef<HTMLInputElement>(null);
  const [location, setLocation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again
    if (!file) return;
    const wrong = await imageProblem(file);
    setProblem(wrong ? translate(...wrong) : null);
    if (wrong) return;
    await submit.run(async () => {
      await dataProvider.addRequestImage('installation-requests', {
        id: request.id,
        file,
        location: location.trim() || undefined,
      });
      notify(...success('requests.images.saved'));
      setLocation('');
      await changed();
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          name="imageLocation"
          label={translate('requests.images.location')}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: '1 1 220px' }}
        />
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={submit.pending}
          onClick={() => input.current?.click()}
          sx={{ mt: 0.25 }}
        >
          {translate(submit.pending ? 'requests.images.uploading' : 'requests.images.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          onChange={(e) => void onFile(e)}
          data-testid="request-image-input"
        />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('requests.images.hint', { max: MAX_MIB })}
      </Typography>
      {problem && (
        <Alert severity="warning" onClose={() => setProblem(null)} data-testid="request-image-problem">
          {problem}
        </Alert>
      )}
    </Box>
  );
}

export function RequestImages({ request }: { request: InstallationRequestRecord }) {
  const translate = useTranslate();
  const canAdd = useFieldAccess().permissions.can('add_installation_requests_images');
  useFreshImageLinks(request.images);
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="subtitle1">{translate('requests.images.title')}</Typography>
        {request.images.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('requests.images.none')}
          </Typography>
        ) : (
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5 }}
            data-testid="request-images"
          >
            {request.images.map((img, i) => (
              <Box key={`${img.link}-${i}`} component="figure" sx={{ m: 0, minWidth: 0 }}>
                <a
                  href={imageUrl(img.link)}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={translate('requests.images.open', { n: i + 1 })}
                >
                  <Box
                    component="img"
                    src={imageUrl(img.link)}
                    alt={translate('requests.images.alt', { n: i + 1, id: request.id })}
                    loading="lazy"
                    sx={{
                      display: 'block',
                      width: '100%',
                      aspectRatio: '4 / 3',
                      objectFit: 'cover',
                      borderRadius: 1,
                      border: 1,
                      borderColor: 'divider',
                      bgcolor: 'action.hover',
                    }}
                  />
                </a>
                {img.location && (
                  <Typography
                    component="figcaption"
                    variant="caption"
                    color="text.secondary"
                    noWrap
                    title={img.location}
                    sx={{ display: 'block' }}
                  >
                    {img.location}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        )}
        {canAdd && <ImageUpload request={request} />}
      </CardContent>
    </Card>
  );
}
