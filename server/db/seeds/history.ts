/** Demo installation history: a snapshot per change of contact, visibility, address or factors. */
import type { TagValue } from '../schema';
import { snapshotOf } from '../snapshots';
import type { Ctx, InstallationRec } from './context';
import { person, personalEmail } from './helpers';
import { ALT_ADDRESSES, DAY } from './reference';

type ChangeKind = 'contact' | 'visibility' | 'altAddress' | 'visibleBy' | 'factors' | 'address';

/**
 * One snapshot when the installation was created, one per later change (walking forward from an
 * earlier state to the current row), and one when it was removed.
 */
export function buildHistory(
  c: Ctx,
  inst: InstallationRec[],
  tagsByInstallation: Map<number, Record<string, TagValue>>,
) {
  const r = c.root.fork('history');
  const out: {
    installationId: number;
    sensorId: number;
    contractorId: number | null;
    changedAt: Date;
    snapshot: Record<string, unknown>;
  }[] = [];
  for (const x of inst) {
    const tagsOf = tagsByInstallation.get(x.id) ?? {};
    const endMs = (x.removedAt ?? c.now).getTime();
    const span = endMs - x.installationDate.getTime();
    const kinds: ChangeKind[] =
      span > 2 * DAY && r.chance(0.38)
        ? r.sample(
            ['contact', 'visibility', 'altAddress', 'visibleBy', 'factors', 'address'] as const,
            r.weighted([
              [1, 6],
              [2, 3],
              [3, 1],
            ] as const),
          )
        : [];
    const times = kinds
      .map(() => Math.round(x.installationDate.getTime() + r.float(0.05, 0.95) * span))
      .sort((a, b) => a - b);

    // Earlier state: the fields each change touched, as they were before.
    const state: InstallationRec = { ...x, removedAt: null, successorId: null, date: x.installationDate };
    for (const kind of kinds) {
      switch (kind) {
        case 'contact':
          state.contactFullName = null;
          state.contactEmail = null;
          state.contactPhoneNumber = null;
          break;
        case 'visibility':
          state.isVisible = !x.isVisible;
          break;
        case 'altAddress':
          state.alternativeAddress1 = x.alternativeAddress1 ? null : r.pick(ALT_ADDRESSES);
          state.alternativeAddress2 = null;
          break;
        case 'visibleBy':
          state.visibleBy = x.visibleBy ? null : personalEmail(r, person(r));
          break;
        case 'factors':
          state.factors = {};
          break;
        case 'address':
          state.number = String(r.int(1, 60));
          state.numberLocal = state.number;
          state.numberId = null;
          break;
      }
    }
    const push = (when: Date) =>
      out.push({
        installationId: x.id,
        sensorId: x.sensorId,
        contractorId: state.contractorId,
        changedAt: when,
        snapshot: snapshotOf(state, tagsOf),
      });
    push(x.installationDate);
    kinds.forEach((kind, i) => {
      const when = new Date(times[i]!);
      state.date = when;
      switch (kind) {
        case 'contact':
          state.contactFullName = x.contactFullName;
          state.contactEmail = x.contactEmail;
          state.contactPhoneNumber = x.contactPhoneNumber;
          break;
        case 'visibility':
          state.isVisible = x.isVisible;
          break;
        case 'altAddress':
          state.alternativeAddress1 = x.alternativeAddress1;
          state.alternativeAddress2 = x.alternativeAddress2;
          break;
        case 'visibleBy':
          state.visibleBy = x.visibleBy;
          break;
        case 'factors':
          state.factors = structuredClone(x.factors);
          break;
        case 'address':
          state.number = x.number;
          state.numberLocal = x.numberLocal;
          state.numberId = x.numberId;
          break;
      }
      push(when);
    });
    if (x.removedAt) {
      state.removedAt = x.removedAt;
      state.successorId = x.successorId;
      state.date = x.removedAt;
      push(x.removedAt);
    }
    // The row's date is its last change.
    x.date = state.date;
  }
  out.sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime() || a.installationId - b.installationId);
  return out.map((h, i) => ({ id: i + 1, ...h }));
}
