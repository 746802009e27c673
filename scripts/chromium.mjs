// The Chromium of the end-to-end tests, found or installed by `npm test` (scripts/test.mjs) before
// any test runs, so that a fresh machine either gets one or is told in one line what to run —
// instead of failing at the last step.
//
// Order: CHROMIUM_PATH (must then exist), Debian's headless shell (/usr/bin/chromium-headless-shell:
// the same Chromium without the browser's UI layer, which Playwright itself uses for headless runs;
// the end-to-end suite takes about a quarter less time in it), Debian's /usr/bin/chromium, a
// Chromium Playwright downloaded itself (`npx playwright install chromium`). With none of the two
// Debian packages, both are installed, only without anyone to ask (no terminal on stdin, or CI set)
// and with the right to do so (root, or password-less sudo); otherwise the caller stops with the
// command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PACKAGES = ['chromium', 'chromium-headless-shell'];
/** The command that installs Debian's Chromium, as the user has to type it. */
export const installCommand = (isRoot) => {
  const sudo = isRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${PACKAGES.join(' ')}`;
};
const SKIP_HINT = 'or run npm test -- --skip-e2e';

export function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The flags every headless Chromium of this repository runs with (end-to-end tests, browser
 * benchmarks): headless without a sandbox or GPU (containers, CI), HTTP/1.1 and HTTP/2 only, and
 * none of the browser's own background traffic (updates, sync, first-run pages), which would
 * otherwise mix with what the console loads.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Debian Chromium to use, of those installed: the headless shell first; null with neither. */
export const debianChromium = () => [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM].find(isExecutable) ?? null;

/**
 * What to do, from the facts of the machine (pure, so every case is testable):
 * `{ use: path }`, `{ install: prefix }` (the command prefix for apt-get: [] as root, sudo -n
 * otherwise) or `{ stop: message }` (one line).
 */
export function chromiumPlan({
  configured,
  configuredOk,
  headlessShellOk,
  debianOk,
  playwrightPath,
  interactive,
  hasApt,
  isRoot,
  sudoOk,
}) {
  if (configured) {
    return configuredOk
      ? { use: configured }
      : { stop: `npm test: CHROMIUM_PATH=${configured} is not an executable file; fix or unset it (${SKIP_HINT})` };
  }
  if (headlessShellOk) return { use: DEBIAN_HEADLESS_SHELL };
  if (debianOk) return { use: DEBIAN_CHROMIUM };
  if (playwrightPath) return { use: playwrightPath };
  const why = `the end-to-end tests need Chromium (${DEBIAN_CHROMIUM})`;
  if (!hasApt) return { stop: `npm test: ${why}; install it, or set CHROMIUM_PATH to a Chromium (${SKIP_HINT})` };
  if (!interactive && isRoot) return { install: [] };
  if (!interactive && sudoOk) return { install: ['sudo', '-n'] };
  return { stop: `npm test: ${why}; run \`${installCommand(isRoot)}\` first (${SKIP_HINT})` };
}

/** A Chromium Playwright downloaded itself, if any. */
async function playwrightChromium() {
  try {
    const { chromium } = await import('@playwright/test');
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : null;
  } catch {
    return null;
  }
}

const succeeds = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** The facts chromiumPlan decides on, read from this machine (sudo is only tried when needed). */
async function machineFacts(env) {
  const configured = env.CHROMIUM_PATH || null;
  const facts = {
    configured,
    configuredOk: configured ? isExecutable(configured) : false,
    headlessShellOk: isExecutable(DEBIAN_HEADLESS_SHELL),
    debianOk: isExecutable(DEBIAN_CHROMIUM),
    playwrightPath: null,
    interactive: Boolean(process.stdin.isTTY) && !env.CI,
    hasApt: succeeds('sh', ['-c', 'command -v apt-get']),
    isRoot: process.getuid?.() === 0,
    sudoOk: false,
  };
  if (!configured && !facts.headlessShellOk && !facts.debianOk) facts.playwrightPath = await playwrightChromium();
  if (!facts.interactive && !facts.isRoot && facts.hasApt) facts.sudoOk = succeeds('sudo', ['-n', 'true']);
  return facts;
}

function apt(prefix, args, cwd) {
  const [cmd, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
  return spawnSync(cmd, rest, { cwd, stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
}

/**
 * The path of a Chromium for Playwright, installing Debian's when the plan says so; null after
 * printing one line that says what to run.
 */
export async function ensureChromium({ cwd = process.cwd(), env = process.env } = {}) {
  const facts = await machineFacts(env);
  const plan = chromiumPlan(facts);
  if (plan.use) return plan.use;
  if (plan.install) {
    console.log(`\n==> Chromium for the end-to-end tests: ${installCommand(true)}\n`);
    const t0 = Date.now();
    if (apt(plan.install, ['update'], cwd) && apt(plan.install, ['install', '-y', ...PACKAGES], cwd)) {
      const installed = debianChromium();
      if (installed) {
        console.log(`\n<== Chromium installed in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
        return installed;
      }
    }
    console.error(
      `npm test: installing Chromium failed; run \`${installCommand(facts.isRoot)}\` and try again (${SKIP_HINT})`,
    );
    return null;
  }
  console.error(plan.stop);
  return null;
}
