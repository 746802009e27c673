/**
 * The local OpenID Connect provider the e2e server signs in against (scripts/e2eServers.mjs). Runs until killed.
 */
import { startOidcProvider } from '../../tests/support/oidcProvider';
import { e2eOidc, e2eOidcPort, e2ePort } from '../../scripts/e2eServers.mjs';

// The client the console's e2e server is configured with (scripts/e2eServers.mjs).
const { clientId, clientSecret } = e2eOidc();
const provider = await startOidcProvider({
  port: e2eOidcPort(),
  clientId,
  clientSecret,
  redirectUris: [`http://127.0.0.1:${e2ePort()}/login/callback`],
  accounts: [
    { sub: 'oidc-ada', email: 'ada@example.com', name: 'Ada Lovelace' },
    { sub: 'oidc-eve', email: 'eve@other.org', name: 'Eve Outsider' },
    // Signs in only in e2e/polish.spec.ts, which turns her console Polish (kept on the server).
    { sub: 'oidc-pola', email: 'pola@example.com', name: 'Pola Nowak' },
  ],
});
console.log(`OIDC provider ready at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    provider.close().finally(() => process.exit(0));
  });
}
