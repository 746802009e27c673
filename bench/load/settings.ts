/**
 * Command-line settings of the load and crash suites: `--name=value` (or `--name` for `true`)
 * first, then the environment variable, then the default.
 */
const flags: Record<string, string> = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=');
      return [k!, v ?? 'true'];
    }),
);

export const setting = (flag: string, env: string, fallback: string): string =>
  flags[flag] ?? process.env[env] ?? fallback;
