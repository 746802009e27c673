/**
 * CRM company lookup (document 2, section 7: GET /hubspot/contractors/{id}/name). With `CRM_URL`
 * (and `CRM_TOKEN`) set, the name comes from a HubSpot-compatible API
 * (`GET {CRM_URL}/crm/v3/objects/companies/{id}?properties=name`, bearer token); otherwise the
 * reference backend answers from its own records: the CRM fields of its contractors. A CRM that
 * fails or times out is a 503, never a wrong name.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { contractors } from '../db/schema';
import { HttpError } from '../http/errors';

export interface Crm {
  /** The company's name, or null when the CRM does not know the id. */
  companyName(id: string): Promise<string | null>;
}

export function localCrm(db: Db): Crm {
  return {
    async companyName(id) {
      const [row] = await db
        .select({ name: contractors.hsName })
        .from(contractors)
        .where(eq(contractors.hsId, id))
        .limit(1);
      return row?.name ?? null;
    },
  };
}

export function hubspotCrm(url: string, token: string | undefined, timeoutMs = 5000): Crm {
  const base = url.replace(/\/$/, '');
  return {
    async companyName(id) {
      let res: Response;
      try {
        res = await fetch(`${base}/crm/v3/objects/companies/${encodeURIComponent(id)}?properties=name`, {
          headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new HttpError(503, 'The CRM is unreachable');
      }
      if (res.status === 404) return null;
      if (!res.ok) throw new HttpError(503, `The CRM answered ${res.status}`);
      const body = (await res.json()) as { properties?: { name?: unknown } };
      return typeof body.properties?.name === 'string' ? body.properties.name : null;
    },
  };
}

export function crmFor(config: { crmUrl?: string; crmToken?: string }, db: Db): Crm {
  return config.crmUrl ? hubspotCrm(config.crmUrl, config.crmToken) : localCrm(db);
}
