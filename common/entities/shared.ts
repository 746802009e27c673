/** Facts several entity declarations share: readable parameter names and common permission rules. */
import type { PermissionRule } from '../permissions';

/** Readable names of the measured and calibration parameters. */
export const PARAM_LABEL: Record<string, string> = {
  pm1: 'PM1',
  pm25: 'PM2.5',
  pm10: 'PM10',
  no2: 'NO2',
  no: 'NO',
  o3: 'O3',
  ox: 'OX',
  so2: 'SO2',
  co: 'CO',
  h2s: 'H2S',
  temperature: 'Temperature',
  humidity: 'Humidity',
  pressure: 'Pressure',
};

/** Polish names of the parameters in the genitive ('Wartość PM2.5', 'Współczynniki temperatury'). */
export const PARAM_GENITIVE_PL: Record<string, string> = {
  ...PARAM_LABEL,
  temperature: 'temperatury',
  humidity: 'wilgotności',
  pressure: 'ciśnienia',
};

/**
 * Who sees which contractor owns a sensor or an installation (document 1: column visibility by
 * VIEW_OWNER; document 2: contractor links with view_contractors). One rule for rows, CSV and queries.
 */
export const CONTRACTOR_RULE: PermissionRule = ['view_contractors', 'view_owner'];
