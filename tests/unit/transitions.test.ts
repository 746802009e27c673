/**
 * The sensor status table (document 1, section 4), exhaustively: every (from, to) pair of the 15
 * statuses against a table written out here independently of common/domain.ts, plus the spec's
 * sentences as properties.
 */
import { describe, expect, it } from 'vitest';
import {
  SENSOR_STATUSES,
  SENSOR_TRANSITIONS,
  allowedNextStatuses,
  canTransition,
  type SensorStatus,
} from '../../common/domain';

// One letter per status, in SENSOR_STATUSES order, so the table below fits on a line per row.
const CODES: Record<string, SensorStatus> = {
  P: 'InProduction',
  R: 'Ready',
  F: 'ForInstallation',
  S: 'InShipping',
  I: 'Installed',
  T: 'ContractTerminated',
  E: 'ContractEnded',
  U: 'Suspended',
  V: 'ReviewRequired',
  Q: 'ServiceRequired',
  N: 'InRepair',
  D: 'ReadyRepaired',
  B: 'Refurbishment',
  L: 'Lost',
  X: 'Retired',
};

/** Allowed next statuses (never the status itself). Columns:   P R F S I T E U V Q N D B L X */
const TABLE: Record<string, string> = {
  P: '. 1 1 1 1 . . . 1 1 1 . 1 1 .',
  R: '1 . 1 1 1 . . . 1 1 1 . 1 1 .',
  F: '1 1 . 1 1 . . . 1 1 1 . 1 1 .',
  S: '1 1 1 . 1 . . . 1 1 1 . 1 1 .',
  I: '1 1 1 1 . 1 1 1 1 1 1 . 1 1 .',
  T: '1 1 1 1 1 . 1 1 1 1 1 . 1 1 .',
  E: '1 1 1 1 1 1 . 1 1 1 1 . 1 1 .',
  U: '1 1 1 1 1 1 1 . 1 1 1 . 1 1 .',
  V: '1 1 1 1 1 . . . . 1 1 . 1 1 .',
  Q: '1 1 1 1 1 . . . 1 . 1 . 1 1 .',
  N: '. . . . . . . . . . . 1 . . .',
  D: '. 1 1 1 1 . . . . . 1 . 1 1 .',
  B: '1 1 . . . . . . . . 1 . . 1 .',
  L: '1 1 1 1 1 . . . . . 1 1 1 . .',
  X: '. . . . . . . . . . . . . . .',
};

const ORDER = Object.keys(CODES);
const expected = (from: SensorStatus, to: SensorStatus): boolean => {
  const f = ORDER.find((c) => CODES[c] === from)!;
  const t = ORDER.indexOf(ORDER.find((c) => CODES[c] === to)!);
  return TABLE[f]!.split(' ')[t] === '1';
};

const PAIRS = SENSOR_STATUSES.flatMap((from) => SENSOR_STATUSES.map((to) => [from, to] as const));

describe('sensor status transitions', () => {
  it('covers the 15 statuses of the spec, in its order', () => {
    expect(SENSOR_STATUSES).toEqual(ORDER.map((c) => CODES[c]));
    expect(Object.keys(SENSOR_TRANSITIONS).sort()).toEqual([...SENSOR_STATUSES].sort());
    expect(PAIRS).toHaveLength(225);
  });

  it.each(PAIRS)('%s → %s matches the table', (from, to) => {
    expect(canTransition(from, to)).toBe(expected(from, to));
    expect(allowedNextStatuses(from).includes(to)).toBe(expected(from, to));
  });

  it('lists the allowed next statuses in table order without duplicates or the current status', () => {
    for (const from of SENSOR_STATUSES) {
      const next = allowedNextStatuses(from);
      expect(new Set(next).size).toBe(next.length);
      expect(next).not.toContain(from);
      expect([...next].sort()).toEqual(SENSOR_STATUSES.filter((to) => expected(from, to)).sort());
    }
  });

  it('never changes a status to itself', () => {
    for (const s of SENSOR_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('makes Retired terminal and unreachable through a status change', () => {
    for (const s of SENSOR_STATUSES) {
      expect(canTransition('Retired', s)).toBe(false);
      expect(canTransition(s, 'Retired')).toBe(false);
    }
    expect(allowedNextStatuses('Retired')).toEqual([]);
  });

  it('reaches ReadyRepaired only from InRepair and Lost', () => {
    const from = SENSOR_STATUSES.filter((s) => canTransition(s, 'ReadyRepaired'));
    expect(from.sort()).toEqual(['InRepair', 'Lost']);
  });

  it('lets InRepair go only to ReadyRepaired', () => {
    expect(allowedNextStatuses('InRepair')).toEqual(['ReadyRepaired']);
  });

  it('offers the contract statuses from Installed, and back to Installed from them', () => {
    for (const c of ['ContractTerminated', 'ContractEnded', 'Suspended'] as const) {
      expect(canTransition('Installed', c)).toBe(true);
      expect(canTransition(c, 'Installed')).toBe(true);
      for (const pre of ['InProduction', 'Ready', 'ForInstallation', 'InShipping'] as const) {
        expect(canTransition(pre, c)).toBe(false);
        expect(canTransition(c, pre)).toBe(true);
      }
    }
  });

  it('lets Lost go exactly where the spec says', () => {
    expect([...allowedNextStatuses('Lost')].sort()).toEqual(
      [
        'InProduction',
        'Ready',
        'ForInstallation',
        'InShipping',
        'Installed',
        'InRepair',
        'ReadyRepaired',
        'Refurbishment',
      ].sort(),
    );
  });

  it('lets the pre-installation statuses reach Installed and the service statuses', () => {
    for (const pre of ['InProduction', 'Ready', 'ForInstallation', 'InShipping'] as const)
      for (const to of ['Installed', 'ReviewRequired', 'ServiceRequired', 'InRepair', 'Refurbishment', 'Lost'] as const)
        expect(canTransition(pre, to)).toBe(true);
  });
});
