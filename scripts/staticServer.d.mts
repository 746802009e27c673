import type { Server } from 'node:http';

/** A plain static file server of `dir` under the path `prefix`; resolves once it listens. */
export function serveStatic(opts: { dir: string; prefix?: string; port?: number; host?: string }): Promise<Server>;
