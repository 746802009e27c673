/**
 * What a Wi-Fi deployment deploys (document 2, section 7): a commit of the firmware repository,
 * named by a branch or a tag (its newest commit) or by its hash, in full or as a unique prefix of
 * at least 7 characters. The deployment stores the commit, and as `version` a `git describe`-like
 * name (the newest tag at or before the commit, plus `-g` and 7 hash characters when untagged),
 * as the seeded Wi-Fi deployments do.
 *
 * The Wi-Fi updater learns its sensors from the sensor list: a Wi-Fi sensor it has no row for is
 * enrolled (status Ok, the firmware version the sensor reports) when a deployment names it.
 */
import { and, asc, desc, eq, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db';
import { sensors, updaterSensors, wifiCommits } from '../../db/schema';
import { unprocessable } from '../../http/errors';
import type { DeploymentTarget } from '../deployments/commands';
import { wifiDeploymentCreateBody } from '../deployments/schemas';

/** The shortest hash prefix taken (the console shows 7 characters). */
export const MIN_HASH_PREFIX = 7;
const HEX = /^[0-9a-f]+$/i;

interface Commit {
  hash: string;
  createdAt: Date;
}

const pick = { hash: wifiCommits.hash, createdAt: wifiCommits.createdAt };
const newestFirst = [desc(wifiCommits.createdAt), asc(wifiCommits.hash)] as const;
const holds = (column: AnyPgColumn, name: string) => sql`${column} @> ${JSON.stringify([name])}::jsonb`;

/** The commit a branch, tag or hash names (422 when none, or when a prefix fits several). */
export async function resolveWifiCommit(db: Executor, name: string): Promise<Commit & { via: string }> {
  const [exact] = await db.select(pick).from(wifiCommits).where(eq(wifiCommits.hash, name.toLowerCase()));
  if (exact) return { ...exact, via: 'hash' };

  const [named] = await db
    .select({ ...pick, branch: holds(wifiCommits.branches, name).mapWith(Boolean) })
    .from(wifiCommits)
    .where(or(holds(wifiCommits.branches, name), holds(wifiCommits.tags, name)))
    .orderBy(...newestFirst)
    .limit(1);
  if (named) return { hash: named.hash, createdAt: named.createdAt, via: named.branch ? 'branch' : 'tag' };

  if (HEX.test(name) && name.length >= MIN_HASH_PREFIX) {
    const found = await db
      .select(pick)
      .from(wifiCommits)
      .where(like(wifiCommits.hash, `${name.toLowerCase()}%`))
      .orderBy(...newestFirst)
      .limit(3);
    if (found.length === 1) return { ...found[0]!, via: 'hash' };
    if (found.length > 1)
      throw unprocessable(
        `The hash prefix ${name} is ambiguous: it fits ${found.map((c) => c.hash.slice(0, 12)).join(', ')}` +
          `${found.length > 2 ? ' and more' : ''}; give more characters`,
      );
  }
  throw unprocessable(
    HEX.test(name) && name.length < MIN_HASH_PREFIX
      ? `No branch or tag ${name}, and a hash prefix needs at least ${MIN_HASH_PREFIX} characters`
      : `No branch, tag or commit ${name} in the Wi-Fi firmware repository`,
  );
}

/** `git describe`-like name of a commit: `2.7.1` on a tagged commit, `2.7.1-g1a2b3c4` after it. */
async function describeCommit(db: Executor, c: Commit): Promise<string> {
  const [tagged] = await db
    .select({ hash: wifiCommits.hash, tags: wifiCommits.tags })
    .from(wifiCommits)
    .where(and(sql`jsonb_array_length(${wifiCommits.tags}) > 0`, lte(wifiCommits.createdAt, c.createdAt)))
    .orderBy(...newestFirst)
    .limit(1);
  const short = c.hash.slice(0, 7);
  if (!tagged) return short;
  const tag = tagged.tags[0]!.replace(/^v/, '');
  return tagged.hash === c.hash ? tag : `${tag}-g${short}`;
}

export const wifiCommitTarget: DeploymentTarget = {
  field: 'commit',
  body: wifiDeploymentCreateBody,
  check(name) {
    if (name.trim() === '') return 'commit: It is required';
    // Git refuses these in branch and tag names (and control characters); a hash is hex.
    const control = [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
    if (control || /[\s~^:?*[\\]|\.\.|@\{/.test(name) || name !== name.normalize())
      return 'commit: Not a branch, tag or commit hash';
    return null;
  },
  describe: (name, deployed) => (deployed && deployed !== name ? `commit ${deployed} (${name})` : `commit ${name}`),
  async resolve(db, name) {
    const commit = await resolveWifiCommit(db, name);
    return { version: await describeCommit(db, commit), commit: commit.hash };
  },
  async enroll(db, ids) {
    if (ids.length === 0) return;
    await db.execute(sql`
      insert into ${updaterSensors} (family, sensor_id, version, status, last_contact)
      select 'wifi', ${sensors.id}, ${sensors.firmwareVersion}, 'Ok', ${sensors.lastMeasurementAt}
      from ${sensors}
      where ${eq(sensors.communication, 'WIFI')} and ${inArray(sensors.id, ids)}
      on conflict do nothing`);
  },
};
