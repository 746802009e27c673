/** The shared firmware rules: the sensor-ID list, which versions the create form offers, the warnings of section 8, auto-halt. */
import { describe, expect, it } from 'vitest';
import {
  MAX_DEPLOYMENT_SENSORS,
  allowedVersions,
  autoHaltReason,
  deploymentWarnings,
  formatSensorIds,
  majorMinor,
  parseSensorIds,
  versionAllowed,
  waveGateOpen,
} from '../../common/firmware';

const ids = (text: string) => {
  const r = parseSensorIds(text);
  if (!r.ok) throw new Error(r.error.en);
  return r.ids;
};
const error = (text: string, max?: number) => {
  const r = parseSensorIds(text, max);
  return r.ok ? undefined : r.error.en;
};

describe('parseSensorIds', () => {
  it('reads ids and ranges, with spaces, sorted and without duplicates', () => {
    expect(ids('1,2,5-8')).toEqual([1, 2, 5, 6, 7, 8]);
    expect(ids(' 9 , 3 - 4 ,3, 9')).toEqual([3, 4, 9]);
    expect(ids('7-7')).toEqual([7]);
  });
  it('names the bad part', () => {
    expect(error('')).toBe('It is required');
    expect(error('1,,2')).toBe('An empty entry between commas: write IDs like 1,2,5-20');
    expect(error('1,a')).toBe('"a" is not a sensor ID or a range like 5-20');
    expect(error('1-2-3')).toBe('"1-2-3" is not a sensor ID or a range like 5-20');
    expect(error('-5')).toBe('"-5" is not a sensor ID or a range like 5-20');
    expect(error('0-3')).toBe('0-3: sensor IDs start at 1');
    expect(error('20-5')).toBe('The range 20-5 goes down: write it as 5-20');
    expect(error('9999999999')).toBe('9999999999: sensor IDs go up to 2147483647');
    expect(error('1.5')).toBe('"1.5" is not a sensor ID or a range like 5-20');
  });
  it('caps the count before expanding a range', () => {
    expect(error(`1-${MAX_DEPLOYMENT_SENSORS}`)).toBeUndefined();
    expect(error(`1-${MAX_DEPLOYMENT_SENSORS + 1}`)).toBe(
      `At most ${MAX_DEPLOYMENT_SENSORS} sensors in one deployment`,
    );
    expect(error('1-2000000000')).toBe(`At most ${MAX_DEPLOYMENT_SENSORS} sensors in one deployment`);
    expect(error('1-3,10-12', 5)).toBe('At most 5 sensors in one deployment');
  });
  it('writes ids back compactly', () => {
    expect(formatSensorIds([7, 1, 2, 3, 9, 10])).toBe('1-3, 7, 9-10');
  });
});

describe('version choice (section 5)', () => {
  const off = { allowExperimental: false, allowDeprecated: false, allowIncompatible: false };
  const versions = [
    { version: '4.3.0.2', status: 'Experimental' },
    { version: '4.2.1.0', status: 'Production' },
    { version: '4.2.0.12', status: 'Deprecated' },
    { version: '4.1.3.1', status: 'Production' },
  ];
  it('offers Production always, Experimental and Deprecated only when allowed', () => {
    expect(allowedVersions(versions, off, []).map((v) => v.version)).toEqual(['4.2.1.0', '4.1.3.1']);
    expect(allowedVersions(versions, { ...off, allowExperimental: true }, []).map((v) => v.version)).toEqual([
      '4.3.0.2',
      '4.2.1.0',
      '4.1.3.1',
    ]);
    expect(allowedVersions(versions, { ...off, allowDeprecated: true }, []).map((v) => v.version)).toEqual([
      '4.2.1.0',
      '4.2.0.12',
      '4.1.3.1',
    ]);
  });
  it('needs the major.minor prefix of every sensor unless incompatible versions are allowed', () => {
    expect(majorMinor('4.2.0.12')).toBe('4.2');
    expect(allowedVersions(versions, off, ['4.2']).map((v) => v.version)).toEqual(['4.2.1.0']);
    expect(allowedVersions(versions, off, ['4.2', '4.1'])).toEqual([]);
    expect(versionAllowed(versions[3]!, { ...off, allowIncompatible: true }, ['4.2'])).toBe(true);
    expect(versionAllowed({ version: '4.2.1.0', status: 'Obsolete' }, off, [])).toBe(false);
  });
});

describe('deployment warnings (section 8)', () => {
  const sensors = [
    { id: 1, status: 'Ok', version: '4.2.1.0' },
    { id: 2, status: 'Failed', version: '4.2.1.0' },
    { id: 3, status: 'Updating', version: '4.1.3.1' },
  ];
  it('lists failed, not ready, unknown, experimental, incompatible and mixed variants', () => {
    const w = deploymentWarnings({
      ids: [1, 2, 3, 4],
      sensors,
      version: { version: '4.3.0.2', status: 'Experimental' },
    });
    expect(w.map((x) => x.key)).toEqual(['failed', 'notReady', 'unknown', 'experimental', 'incompatible', 'mixed']);
    expect(w.find((x) => x.key === 'failed')!.values.ids).toBe('2');
    expect(w.find((x) => x.key === 'notReady')!.values.ids).toBe('3 (Updating)');
    expect(w.find((x) => x.key === 'unknown')!.values.ids).toBe('4');
    expect(w.find((x) => x.key === 'incompatible')!.values.ids).toBe('1-3');
    expect(w.find((x) => x.key === 'mixed')!.values.groups).toBe('4.1.x: 3; 4.2.x: 1-2');
  });
  it('says nothing for ready sensors of one variant and a matching production version', () => {
    expect(
      deploymentWarnings({
        ids: [1],
        sensors: [sensors[0]!],
        version: { version: '4.2.9.9', status: 'Production' },
      }),
    ).toEqual([]);
    expect(
      deploymentWarnings({
        ids: [1],
        sensors: [sensors[0]!],
        version: { version: '4.2.0.12', status: 'Deprecated' },
      })[0]!.key,
    ).toBe('deprecated');
  });
});

describe('safe rollouts', () => {
  it('auto-halts only past the share, once enough finished', () => {
    const rule = { failedPercent: 10, minFinished: 20 };
    expect(autoHaltReason(undefined, { updated: 0, failed: 50 })).toBeNull();
    expect(autoHaltReason(rule, { updated: 10, failed: 9 })).toBeNull();
    expect(autoHaltReason(rule, { updated: 18, failed: 2 })).toBeNull();
    expect(autoHaltReason(rule, { updated: 17, failed: 3 })).toBe(
      'Auto-halted: 3 of 20 finished sensors failed (15 % > 10 %)',
    );
  });
  it('opens the wave gate when the share of the previous wave updated', () => {
    expect(waveGateOpen(undefined, { size: 4, updated: 0 })).toBe(true);
    expect(waveGateOpen(75, { size: 4, updated: 2 })).toBe(false);
    expect(waveGateOpen(75, { size: 4, updated: 3 })).toBe(true);
  });
});
