/**
 * The page shared by API Manager (the caller's tokens) and Integrations (every token, with owners):
 * heading, add button, the token table, the create dialog and the one-time secret dialog.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Card, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useTranslate } from 'react-admin';
import { CreateTokenDialog } from './CreateTokenDialog';
import { TokenActionsContext, type TokenActions } from './TokenActionsContext';
import { TokenSecretDialog } from './TokenSecretDialog';
import { TokenTable } from './TokenTable';
import { useTokens } from './useTokens';
import type { ApiToken, CreatedToken, TokenDraft } from './types';

export interface TokenListPageProps {
  /** Message key of the page title. */
  title: string;
  /** Every token (GET /integrations?all=true) with an owner column, instead of the caller's. */
  all?: boolean;
  canCreate: boolean;
  canRevoke(token: ApiToken): boolean;
  /** Shown under the heading (the API documentation link). */
  subtitle?: ReactNode;
}

export function TokenListPage({ title, all = false, canCreate, canRevoke, subtitle }: TokenListPageProps) {
  const translate = useTranslate();
  const tokens = useTokens(all);
  // `draft` open = the create dialog is open; a counter remounts it fresh each time.
  const [dialog, setDialog] = useState<{ draft?: TokenDraft; n: number } | null>(null);
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const actions = useMemo<TokenActions>(
    () => ({ canCreate, canRevoke, openCreate: (draft) => setDialog((d) => ({ draft, n: (d?.n ?? 0) + 1 })) }),
    [canCreate, canRevoke],
  );

  return (
    <TokenActionsContext.Provider value={actions}>
      <Title title={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: 2, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1">
            {translate(title)}
          </Typography>
          {subtitle}
        </Box>
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => actions.openCreate()}>
            {translate('aq.pages.tokens.create')}
          </Button>
        )}
      </Box>
      <Card sx={{ overflowX: 'auto' }}>
        <TokenTable tokens={tokens.data} isPending={tokens.isPending} showOwner={all} />
      </Card>
      {dialog && (
        <CreateTokenDialog
          key={dialog.n}
          draft={dialog.draft}
          onClose={() => setDialog(null)}
          onCreated={(token) => {
            setDialog(null);
            setCreated(token);
          }}
        />
      )}
      {created && <TokenSecretDialog name={created.name} secret={created.token} onClose={() => setCreated(null)} />}
    </TokenActionsContext.Provider>
  );
}
