/** API Manager (/users/api, use_tokens): the caller's personal tokens and a link to the API documentation. */
import { useCallback } from 'react';
import { Link, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { runtimeConfig } from '../../config';
import { TokenListPage } from './TokenListPage';

const ApiDocsLink = () => (
  <Typography variant="body2" color="text.secondary">
    Tokens authenticate scripts and integrations against every service of the API; see the{' '}
    <Link
      href={runtimeConfig().apiDocs}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
    >
      API documentation
      <OpenInNewIcon sx={{ fontSize: 14 }} />
    </Link>
    .
  </Typography>
);

export function ApiManagerPage() {
  // Every token listed here is the caller's own: use_tokens (the route's permission) revokes it.
  const canRevoke = useCallback(() => true, []);
  return <TokenListPage title="API Manager" canCreate canRevoke={canRevoke} subtitle={<ApiDocsLink />} />;
}
