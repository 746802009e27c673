import type { EntityDecl } from '../common/entities';
/** The console's runtime configuration, fetched from /config.json before the app renders. */
export interface RuntimeConfig {
  version: string;
  services: Record<ServiceName, string>;
  realtime: {
    key: string;
    authEndpoint: string;
    host?: string;
    port?: number;
    /**
     * How long live updates wait for the connection before saying it failed (absent: 5 s,
     * LIVE_UPDATES); null: no time-out (the demo sets it: its hub is in the browser's own worker).
     */
    connectionTimeoutMs?: number | null;
  };
  signIn: {
    provider: string;
    enabled: boolean;
    clientId: string;
    issuer: string;
    domain: string;
    authorizeEndpoint: string;
  };
  map: { tileUrl: string; center: [number, number]; zoom: number };
  /** External monitoring dashboard of an installation ({installationId}, {sensorId}); empty: no link. */
  dashboardUrl?: string;
  /** The CRM's page of a company ({hsId}); empty: CRM company names show as text. */
  crmCompanyUrl?: string;
  /** Usage dashboard of an API-key user ({id}, {username}, {customId}); empty: no link. */
  apiUsersDashboardUrl?: string;
  apiDocs: string;
  /**
   * Declarations of the resources added by configuration (RESOURCES_DIR), served by the `resources`
   * service. The console registers them from the app shell's data block (src/configuredResources.ts),
   * before this file is fetched; this copy is for other clients of /config.json.
   */
  resources?: EntityDecl[];
}

export type ServiceName = 'main' | 'adp' | 'apiusers' | 'gsm' | 'wifi' | 'gen3' | 'resources';

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`Cannot load /config.json (${response.status})`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}

/** Absolute base URL of a service: relative paths resolve against the console's origin. */
export function serviceUrl(name: ServiceName): string {
  const base = runtimeConfig().services[name];
  return new URL(base, window.location.origin).toString().replace(/\/$/, '');
}
