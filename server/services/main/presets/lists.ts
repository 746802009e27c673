/**
 * What the preset and saved-query routes share: the checks of an item, the audit wording, and one
 * transaction per change of a user's list.
 */
import type { AuditEventType } from '../../../../common/auditEvents';
import { MAX_ITEMS, columnsError, presetNameError, queryValueError } from '../../../../common/presets';
import { audit, type Actor } from '../../../audit';
import type { Db, Executor } from '../../../db';
import { badRequest } from '../../../http/errors';
import { lockUserList, type ListStore, type Loaded } from './repository';

export function checkPreset(body: { name: string; fieldsValues: string[] | null }, label = ''): void {
  const e = presetNameError(body.name) ?? columnsError(body.fieldsValues);
  if (e) throw badRequest(`${label}${e.en}`);
}

export function checkQuery(body: { name: string; value: string }, label = ''): void {
  const e = presetNameError(body.name) ?? queryValueError(body.value);
  if (e) throw badRequest(`${label}${e.en}`);
}

export function checkSize(n: number, what: string): void {
  if (n > MAX_ITEMS) throw badRequest(`At most ${MAX_ITEMS} ${what} can be kept; there would be ${n}`);
}

export const quoted = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** What changed between two versions of an item, for the audit message. */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
): string {
  const out = Object.entries(labels)
    .filter(([k]) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map(([, label]) => label);
  return out.length ? out.join(', ') : 'nothing';
}

type Ev = { type: AuditEventType; message: string };
export type ListChange<T, R> = { items: T[]; events: Ev[]; result: R };

/**
 * Locks the user's list, loads it (the defaults when nothing is stored), lets `change` compute the
 * new list and its audit events, then rewrites the list and writes the events — all in one transaction.
 */
export function mutate<T, R>(
  db: Db,
  actor: Actor,
  store: ListStore<T>,
  change: (current: Loaded<T>, tx: Executor) => Promise<ListChange<T, R>> | ListChange<T, R>,
): Promise<R> {
  return db.transaction(async (tx) => {
    await lockUserList(tx, store.lock, store.userId);
    const current = await store.load(tx);
    const { items, events, result } = await change(current, tx);
    await store.replace(tx, items);
    for (const e of events) await audit(tx, actor, e.type, e.message);
    return result;
  });
}
