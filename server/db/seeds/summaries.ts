/** Demo hourly measurement summaries of the sensors in service. */
import { Prng, roundTo } from '../prng';
import type { Ctx, InstallationRec, SensorRec } from './context';
import { HOUR } from './reference';

const MONTHLY_MEAN_TEMPERATURE = [-1, 0, 4, 9, 14, 17, 19, 19, 14, 9, 4, 0];

export function buildSummaries(c: Ctx, sensorRows: SensorRec[], inst: InstallationRec[]) {
  const r = c.root.fork('summaries');
  const nowHour = Math.floor(c.nowMs / HOUR);
  const meanTemp = MONTHLY_MEAN_TEMPERATURE[c.now.getUTCMonth()]!;
  const out: {
    sensorId: number;
    lastMeasurementAt: Date | null;
    values: Record<string, number>;
    activeHours: number[];
  }[] = [];
  for (const s of sensorRows) {
    if (s.currentInstallationId === null) continue;
    const values: Record<string, number> = {};
    if (s.lastMeasurementAt) {
      const pm25 = Math.min(250, Math.exp(r.normal(Math.log(16), 0.6)));
      for (const p of s.measured) {
        const v =
          p === 'pm25'
            ? pm25
            : p === 'pm10'
              ? pm25 * r.float(1.15, 1.7)
              : p === 'pm1'
                ? pm25 * r.float(0.55, 0.8)
                : p === 'no2'
                  ? r.float(5, 70)
                  : p === 'no'
                    ? r.float(0.5, 40)
                    : p === 'o3'
                      ? r.float(10, 110)
                      : p === 'so2'
                        ? r.float(0.5, 25)
                        : p === 'co'
                          ? r.float(150, 1200)
                          : p === 'h2s'
                            ? r.float(0.2, 8)
                            : p === 'temperature'
                              ? meanTemp + r.float(-6, 6)
                              : p === 'humidity'
                                ? r.float(35, 98)
                                : p === 'pressure'
                                  ? r.float(995, 1032)
                                  : r.float(0, 10);
        values[p] = roundTo(v, 2);
      }
    }
    const installedAt = inst[s.currentInstallationId - 1]!.installationDate;
    out.push({
      sensorId: s.id,
      lastMeasurementAt: s.lastMeasurementAt,
      values,
      activeHours: activeHours(r, nowHour, s.lastMeasurementAt, installedAt),
    });
  }
  return out;
}

/** Epoch hours (newest last) within the last 72 in which the sensor reported. */
function activeHours(r: Prng, nowHour: number, last: Date | null, installedAt: Date): number[] {
  if (!last) return [];
  const lastHour = Math.floor(last.getTime() / HOUR);
  const first = Math.max(nowHour - 71, Math.floor(installedAt.getTime() / HOUR));
  if (lastHour < first) return [];
  const pattern = r.weightedKey({ full: 70, gaps: 20, sparse: 10 });
  const start = pattern === 'full' || r.chance(0.7) ? first : r.int(first, lastHour);
  const gapStart = r.int(first, lastHour);
  const gapLength = r.int(2, 12);
  const out: number[] = [];
  for (let h = start; h <= lastHour; h++) {
    if (pattern === 'gaps' && h >= gapStart && h < gapStart + gapLength && h !== lastHour) continue;
    if (pattern === 'sparse' && h !== lastHour && !r.chance(0.4)) continue;
    out.push(h);
  }
  return out;
}
