/** Wire-level helpers of the tests that run the real HTTP stack over a stubbed fetch. */
import { vi } from 'vitest';
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

/** A call the console made to the main API: its method, path below /api and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch with `answer` for calls to the main API, recording each in `calls` (returned) before
 * it is answered.
 */
export function stubMainApi(answer: (call: ApiCall) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url).pathname.replace(/^\/api/, ''),
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
