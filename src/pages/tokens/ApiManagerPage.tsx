/** API Manager (/users/api, use_tokens): the caller's personal tokens and a link to the API documentation. */
import { useCallback } from 'react';
import { Link, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import { runtimeConfig } from '../../config';
import { TokenListPage } from './TokenListPage';

function ApiDocsLink() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('aq.pages.tokens.docsIntro')}{' '}
      <Link
        href={runtimeConfig().apiDocs}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
      >
        {translate('aq.pages.tokens.docsLink')}
        <OpenInNewIcon sx={{ fontSize: 14 }} />
      </Link>
      .
    </Typography>
  );
}

export function ApiManagerPage() {
  // Every token listed here is the caller's own: use_tokens (the route's permission) revokes it.
  const canRevoke = useCallback(() => true, []);
  return <TokenListPage title="menu.apiManager" canCreate canRevoke={canRevoke} subtitle={<ApiDocsLink />} />;
}
