/** Everything a service needs, built once at start-up and passed to every route module. */
import type { Config } from './config';
import type { Db } from './db';
import type { SessionService } from './auth/sessions';
import type { OidcClient } from './auth/oidc';
import type { FileStore } from './storage/files';
import type { LoginThrottle } from './auth/throttle';
import type { RealtimeHub } from './realtime/hub';
import type { Gazetteer } from './gazetteer';
import type { Mailer } from './mail';
import type { ConfiguredResources } from './configured';

export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  sessions: SessionService;
  /** Failed password sign-ins per username and per client address. */
  loginThrottle: LoginThrottle;
  oidc: OidcClient;
  files: FileStore;
  /** Live updates: the Pusher-protocol hub of this process. */
  realtime: RealtimeHub;
  /** Places by OSM id and address geocoding (offline data, plus GEOCODER_URL when set). */
  gazetteer: Gazetteer;
  /** The developer portal's e-mails (default: the outbox table, server/mail.ts). */
  mailer?: Mailer;
  /** Resources added by configuration (RESOURCES_DIR), served by the `resources` service. */
  resources?: ConfiguredResources;
}
