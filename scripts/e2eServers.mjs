// The two servers the end-to-end tests run against: the console's server on a fresh demo seed, and a
// local OpenID Connect provider for the sign-in flow. playwright.config.ts starts them (its
// `webServer`); `npm test` (scripts/test.mjs) starts them itself during the vitest step, once the
// console is built, so the end-to-end step does not wait ~8 s for the seed at its start, and then
// tells Playwright to use them (E2E_SERVERS=started).
// E2E_PORT / E2E_OIDC_PORT move both servers, so several checkouts can run end-to-end tests at once.

export const e2ePort = () => Number(process.env.E2E_PORT ?? 8181);
export const e2eOidcPort = () => Number(process.env.E2E_OIDC_PORT ?? 8182);

/** The sign-in provider's client, as the console's server is configured with it. */
export const e2eOidc = () => ({
  issuer: `http://127.0.0.1:${e2eOidcPort()}`,
  clientId: 'aq-console-e2e',
  clientSecret: 'e2e-client-secret',
  allowedDomain: 'example.com',
});

/** The servers, in the shape of Playwright's `webServer` entries (a shell command, the URL that answers once ready). */
export function e2eServers() {
  const oidc = e2eOidc();
  return [
    {
      name: 'oidc',
      // Node with tsx's loader, not `npx tsx`: no npm process in between.
      command: 'node --import tsx e2e/support/oidcServer.ts',
      url: `${oidc.issuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      env: {},
    },
    {
      name: 'console',
      // The data dir is removed first so every run starts from a fresh demo seed.
      command: 'rm -rf .tmp/e2e-data && node scripts/start.mjs',
      url: `http://127.0.0.1:${e2ePort()}/healthz`,
      timeout: 180_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(e2ePort()),
        DATA_DIR: '.tmp/e2e-data',
        DATABASE_URL: '', // always the embedded PGlite in DATA_DIR
        REDIS_URL: '',
        // The fleet simulator runs with a fast tick so a restart from Sensor Status visibly walks
        // RestartRequired → Pending → Ok within a few seconds; measurements still run once a minute.
        SIMULATOR: 'on',
        SIMULATOR_TICK_MS: '2000',
        SIMULATOR_SEED: '1',
        // Every test signs in at least once: cheaper password hashes (server/auth/password.ts).
        PASSWORD_SCRYPT_LOG2N: '10',
        SEED: 'demo',
        ADMIN_PASSWORD: 'admin-demo-pass',
        JWT_SECRET: 'e2e-secret-0123456789',
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
        OIDC_ALLOWED_DOMAIN: oidc.allowedDomain,
      },
    },
  ];
}
