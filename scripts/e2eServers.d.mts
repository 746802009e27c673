// Types of scripts/e2eServers.mjs (the servers of the end-to-end tests), for playwright.config.ts.
export declare function e2ePort(): number;
export declare function e2eOidcPort(): number;
export declare function e2eOidc(): { issuer: string; clientId: string; clientSecret: string; allowedDomain: string };

export interface E2eServer {
  name: string;
  /** A shell command, run from the repository's root. */
  command: string;
  /** Answers once the server is ready. */
  url: string;
  /** How long it may take to answer, in ms. */
  timeout: number;
  env: Record<string, string>;
}
export declare function e2eServers(): E2eServer[];
