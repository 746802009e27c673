/** A GSM or Wi-Fi deployment as the updater lists it (snake_case, periods in seconds). */
export interface Deployment {
  id: number;
  sensors: number[];
  version: string | null;
  status: string;
  from_date: string;
  till_date: string | null;
  at_once: number | null;
  spacing: number | null;
  test_time: number | null;
  blocked_sensors: number[];
  allow_failed: boolean;
  strategy?: string | null;
  status_reason?: string | null;
}
