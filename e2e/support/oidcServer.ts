/**
 * The local OpenID Connect provider the e2e server signs in against (Playwright starts it as a
 * webServer; see playwright.config.ts). Runs until killed.
 */
import { startOidcProvider } from '../../tests/support/oidcProvider';

// The same ports as playwright.config.ts (E2E_PORT / E2E_OIDC_PORT).
const consolePort = Number(process.env.E2E_PORT ?? 8181);
const provider = await startOidcProvider({
  port: Number(process.env.E2E_OIDC_PORT ?? 8182),
  clientId: 'aq-console-e2e',
  clientSecret: 'e2e-client-secret',
  redirectUris: [`http://127.0.0.1:${consolePort}/login/callback`],
  accounts: [
    { sub: 'oidc-ada', email: 'ada@example.com', name: 'Ada Lovelace' },
    { sub: 'oidc-eve', email: 'eve@other.org', name: 'Eve Outsider' },
  ],
});
console.log(`OIDC provider ready at ${provider.issuer}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    provider.close().finally(() => process.exit(0));
  });
}
