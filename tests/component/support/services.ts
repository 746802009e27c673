/** Wire-level helpers of the tests that run the real HTTP stack over a stubbed fetch. */
import { setRuntimeConfig, type RuntimeConfig } from '../../../src/config';

/** The services at their usual paths below the test page's origin. */
export function configureServices(): void {
  setRuntimeConfig({
    services: {
      main: '/api',
      adp: '/adp-api',
      apiusers: '/apiusers-api',
      gsm: '/updater/gsm',
      wifi: '/updater/wifi',
      gen3: '/updater/gen3',
      resources: '/resources-api',
    },
  } as RuntimeConfig);
}

/** An unsigned access token that expires at `expSeconds`. */
export function jwt(expSeconds: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: expSeconds })}.sig`;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
