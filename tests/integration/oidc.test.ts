/**
 * OidcClient against a real local OpenID provider (oidc-provider): discovery, authorization URL,
 * code exchange with ID-token verification, domain restriction and failure statuses.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcClient, OidcError } from '../../server/auth/oidc';
import type { OidcConfig } from '../../server/config';
import { obtainCode, startOidcProvider, type OidcProviderHandle } from '../support/oidcProvider';

const CLIENT_ID = 'aq-console-test';
const CLIENT_SECRET = 'test-secret with spaces & symbols:%';
const OTHER_CLIENT_ID = 'some-other-app';
const REDIRECT_URI = 'http://127.0.0.1:5173/login/callback';
const ACCOUNTS = [
  { sub: 'u-alice', email: 'alice@example.com', name: 'Alice Example', picture: 'https://img.example.com/alice.png' },
  { sub: 'u-mallory', email: 'mallory@other.org', name: 'Mallory Other' },
  { sub: 'u-eve', email: 'eve@example.com', name: 'Eve Unverified', email_verified: false },
  // Same e-mail domain but a different Workspace `hd`: must be refused too.
  { sub: 'u-trent', email: 'trent@example.com', name: 'Trent Foreign', hd: 'other.org' },
  { sub: 'u-gmail', email: 'bob@gmail.com', name: 'Bob Gmail', hd: null },
];

let op: OidcProviderHandle;

function cfg(over: Partial<OidcConfig> = {}): OidcConfig {
  return {
    issuer: op.issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    allowedDomain: 'example.com',
    providerName: 'Test',
    ...over,
  };
}

async function expectOidcError(p: Promise<unknown>, status: number, message?: RegExp): Promise<OidcError> {
  const err = await p.then(
    () => {
      throw new Error('expected an OidcError, the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OidcError);
  const oe = err as OidcError;
  expect(oe.status).toBe(status);
  if (message) expect(oe.message).toMatch(message);
  return oe;
}

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

beforeAll(async () => {
  op = await startOidcProvider({
    port: 0,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
    accounts: ACCOUNTS,
    extraClients: [{ clientId: OTHER_CLIENT_ID, clientSecret: 'other-secret' }],
  });
});

afterAll(async () => {
  await op?.close();
});

describe('OidcClient', () => {
  it('discovers the issuer endpoints (trailing slash tolerated)', async () => {
    const client = new OidcClient(cfg({ issuer: `${op.issuer}/` }));
    const d = await client.discover();
    expect(d.issuer).toBe(op.issuer);
    expect(d.authorization_endpoint).toMatch(new RegExp(`^${op.issuer}/`));
    expect(d.token_endpoint).toMatch(new RegExp(`^${op.issuer}/`));
    expect(d.jwks_uri).toMatch(new RegExp(`^${op.issuer}/`));
    expect(await client.discover()).toBe(d); // cached
  });

  it('builds an authorization URL with code flow, scopes, hd and select_account', async () => {
    const client = new OidcClient(cfg());
    const { authorization_endpoint } = await client.discover();
    const url = new URL(await client.authorizationUrl({ redirectUri: REDIRECT_URI, state: 'st-1', nonce: 'n-1' }));
    expect(`${url.origin}${url.pathname}`).toBe(authorization_endpoint);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'st-1',
      nonce: 'n-1',
      hd: 'example.com',
      prompt: 'select_account',
    });

    const noDomain = new URL(
      await new OidcClient(cfg({ allowedDomain: '' })).authorizationUrl({ redirectUri: REDIRECT_URI, state: 's' }),
    );
    expect(noDomain.searchParams.has('hd')).toBe(false);
    expect(noDomain.searchParams.has('nonce')).toBe(false);
  });

  it('the provider accepts its own authorization URL (prompt=select_account) and yields a usable code', async () => {
    const client = new OidcClient(cfg());
    const authorizationUrl = await client.authorizationUrl({ redirectUri: REDIRECT_URI, state: 'st-2', nonce: 'n-2' });
    const code = await obtainCode(op, {
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: 'alice@example.com',
      authorizationUrl,
    });
    const id = await client.exchangeCode({ code, redirectUri: REDIRECT_URI, nonce: 'n-2' });
    expect(id.subject).toBe('u-alice');
  });

  it('exchanges a code for the verified identity', async () => {
    const client = new OidcClient(cfg());
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'alice@example.com' });
    expect(code).toMatch(/\S{10,}/);
    const id = await client.exchangeCode({ code, redirectUri: REDIRECT_URI });
    expect(id).toEqual({
      subject: 'u-alice',
      email: 'alice@example.com',
      name: 'Alice Example',
      picture: 'https://img.example.com/alice.png',
    });
  });

  it('accepts any verified account when no domain is configured', async () => {
    const client = new OidcClient(cfg({ allowedDomain: '' }));
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'bob@gmail.com' });
    expect(await client.exchangeCode({ code, redirectUri: REDIRECT_URI })).toEqual({
      subject: 'u-gmail',
      email: 'bob@gmail.com',
      name: 'Bob Gmail',
      picture: null,
    });
  });

  it('matches the allowed domain case-insensitively', async () => {
    const client = new OidcClient(cfg({ allowedDomain: 'EXAMPLE.com' }));
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'alice@example.com' });
    expect((await client.exchangeCode({ code, redirectUri: REDIRECT_URI })).email).toBe('alice@example.com');
  });

  it('rejects a reused code with 400', async () => {
    const client = new OidcClient(cfg());
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'alice@example.com' });
    await client.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const err = await expectOidcError(
      client.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      400,
      /invalid or has expired/,
    );
    expect(err.code).toBe('invalid_grant');
  });

  it('rejects a garbage code and a mismatched redirect_uri with 400', async () => {
    const client = new OidcClient(cfg());
    await expectOidcError(client.exchangeCode({ code: 'not-a-real-code', redirectUri: REDIRECT_URI }), 400);
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'alice@example.com' });
    await expectOidcError(client.exchangeCode({ code, redirectUri: 'http://127.0.0.1:5173/elsewhere' }), 400);
  });

  it('rejects the exchange when the client secret is wrong', async () => {
    const client = new OidcClient(cfg({ clientSecret: 'wrong-secret' }));
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'alice@example.com' });
    const err = await expectOidcError(client.exchangeCode({ code, redirectUri: REDIRECT_URI }), 400, /refused/);
    expect(err.code).toBe('invalid_client');
  });

  it('refuses an account outside the allowed domain with 403', async () => {
    const client = new OidcClient(cfg());
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'mallory@other.org' });
    await expectOidcError(
      client.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      403,
      /^Only accounts of example\.com may sign in$/,
    );
  });

  it('refuses a matching e-mail domain whose hd claim differs with 403', async () => {
    const client = new OidcClient(cfg());
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'trent@example.com' });
    await expectOidcError(
      client.exchangeCode({ code, redirectUri: REDIRECT_URI }),
      403,
      /Only accounts of example\.com/,
    );
  });

  it('refuses an unverified e-mail address with 403', async () => {
    const client = new OidcClient(cfg());
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'eve@example.com' });
    await expectOidcError(client.exchangeCode({ code, redirectUri: REDIRECT_URI }), 403, /not verified/);
  });

  it('rejects an ID token issued for another nonce with 400', async () => {
    const client = new OidcClient(cfg());
    const code = await obtainCode(op, {
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: 'alice@example.com',
      nonce: 'n-a',
    });
    await expectOidcError(client.exchangeCode({ code, redirectUri: REDIRECT_URI, nonce: 'n-b' }), 400, /nonce/);
  });

  it('rejects an ID token minted for another client (audience check) with 400', async () => {
    // A genuine token response of the provider, but for another relying party, substituted
    // into our client's token request: the signature is valid, only `aud` is wrong.
    const other = new OidcClient(cfg({ clientId: OTHER_CLIENT_ID, clientSecret: 'other-secret' }));
    const otherCode = await obtainCode(op, {
      clientId: OTHER_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: 'alice@example.com',
    });
    const { token_endpoint } = await other.discover();
    const otherTokens = await fetch(token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${OTHER_CLIENT_ID}:other-secret`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: otherCode, redirect_uri: REDIRECT_URI }),
    });
    expect(otherTokens.status).toBe(200);
    const substituted = await otherTokens.text();

    const client = new OidcClient(cfg(), {
      fetch: async (input, init) =>
        String(input) === token_endpoint
          ? new Response(substituted, { headers: { 'content-type': 'application/json' } })
          : fetch(input, init),
    });
    await expectOidcError(
      client.exchangeCode({ code: 'whatever', redirectUri: REDIRECT_URI }),
      400,
      /could not be verified/,
    );
  });

  it('gives 503 when the issuer is unreachable', async () => {
    const port = await closedPort();
    const client = new OidcClient(cfg({ issuer: `http://127.0.0.1:${port}` }));
    await expectOidcError(client.discover(), 503, /unreachable/);
    await expectOidcError(client.authorizationUrl({ redirectUri: REDIRECT_URI, state: 's' }), 503);
    await expectOidcError(client.exchangeCode({ code: 'abc', redirectUri: REDIRECT_URI }), 503, /unreachable/);
  });

  it('gives 503 when no client id is configured', async () => {
    const client = new OidcClient(cfg({ clientId: '' }));
    await expectOidcError(
      client.authorizationUrl({ redirectUri: REDIRECT_URI, state: 's' }),
      503,
      /^Sign-in provider is not configured$/,
    );
    await expectOidcError(client.exchangeCode({ code: 'abc', redirectUri: REDIRECT_URI }), 503, /not configured/);
  });

  it('gives 503 when the discovered issuer does not match the configured one', async () => {
    const client = new OidcClient(cfg({ issuer: op.issuer.replace('127.0.0.1', 'localhost') }));
    await expectOidcError(client.discover(), 503, /misconfigured/);
  });

  it('uses client_secret_post when the provider only supports that', async () => {
    const postOp = await startOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
      accounts: ACCOUNTS,
      tokenEndpointAuthMethod: 'client_secret_post',
    });
    try {
      const client = new OidcClient(cfg({ issuer: postOp.issuer }));
      expect((await client.discover()).token_endpoint_auth_methods_supported).toEqual(['client_secret_post']);
      const code = await obtainCode(postOp, {
        clientId: CLIENT_ID,
        redirectUri: REDIRECT_URI,
        email: 'alice@example.com',
      });
      expect((await client.exchangeCode({ code, redirectUri: REDIRECT_URI })).subject).toBe('u-alice');
    } finally {
      await postOp.close();
    }
  });
});

describe('local OpenID provider', () => {
  it('re-renders the login form for an unknown e-mail', async () => {
    await expect(
      obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'nobody@example.com' }),
    ).rejects.toThrow(/No account for nobody@example.com/);
  });

  it('refuses an unregistered redirect URI', async () => {
    await expect(
      obtainCode(op, { clientId: CLIENT_ID, redirectUri: 'http://127.0.0.1:9/evil', email: 'alice@example.com' }),
    ).rejects.toThrow(/redirect_uri/);
  });

  it('puts email, email_verified, name, picture and hd into the ID token', async () => {
    const code = await obtainCode(op, { clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email: 'alice@example.com' });
    const disco = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as {
      token_endpoint: string;
    };
    const res = await fetch(disco.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(res.status).toBe(200);
    const { id_token } = (await res.json()) as { id_token: string };
    const payload = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      iss: op.issuer,
      aud: CLIENT_ID,
      sub: 'u-alice',
      email: 'alice@example.com',
      email_verified: true,
      name: 'Alice Example',
      picture: 'https://img.example.com/alice.png',
      hd: 'example.com',
    });
  });
});
