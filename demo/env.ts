import { DEMO_DATA_DIR } from './paths';

/** The demo's settings, as environment variables of `npm start` would give them. */
export const DEMO_ENV: Record<string, string> = {
  DATA_DIR: DEMO_DATA_DIR,
  CONSOLE_DIR: '/no-console',
  RESOURCES_DIR: '',
  PASSWORD_SCRYPT_LOG2N: '10',
  // Rollouts move within a demo's minutes: a simulator tick every 10 s (a tick holds the worker for
  // a few seconds on the demo network), new measurements every 10 minutes (the heavy part of a tick).
  SIMULATOR_TICK_MS: '10000',
  SIMULATOR_MEASURE_MS: '600000',
};
