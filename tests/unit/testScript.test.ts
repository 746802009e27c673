/**
 * `npm test` (scripts/test.mjs) on a fresh machine: it finds or installs the Chromium of the
 * end-to-end step before any test (scripts/chromium.mjs), or stops at once with one line naming
 * the command to run; and it has a `format` step (prettier --check .).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL, chromiumPlan, type ChromiumFacts } from '../../scripts/chromium.mjs';

const root = path.resolve(__dirname, '../..');

const none: ChromiumFacts = {
  configured: null,
  configuredOk: false,
  headlessShellOk: false,
  debianOk: false,
  playwrightPath: null,
  interactive: false,
  hasApt: true,
  isRoot: false,
  sudoOk: false,
};

function runScript(args: string[], env: Record<string, string>, timeoutMs = 20_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'scripts/test.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

describe('the Chromium of the end-to-end tests', () => {
  it('uses CHROMIUM_PATH, then Debian’s headless shell, then Debian’s, then one Playwright downloaded', () => {
    expect(
      chromiumPlan({ ...none, configured: '/opt/c/chrome', configuredOk: true, headlessShellOk: true, debianOk: true }),
    ).toEqual({ use: '/opt/c/chrome' });
    expect(chromiumPlan({ ...none, headlessShellOk: true, debianOk: true, playwrightPath: '/pw/chrome' })).toEqual({
      use: DEBIAN_HEADLESS_SHELL,
    });
    expect(chromiumPlan({ ...none, debianOk: true, playwrightPath: '/pw/chrome' })).toEqual({ use: DEBIAN_CHROMIUM });
    expect(chromiumPlan({ ...none, playwrightPath: '/pw/chrome' })).toEqual({ use: '/pw/chrome' });
  });

  it('installs Debian’s only non-interactively, as root or with password-less sudo', () => {
    expect(chromiumPlan({ ...none, isRoot: true })).toEqual({ install: [] });
    expect(chromiumPlan({ ...none, sudoOk: true })).toEqual({ install: ['sudo', '-n'] });
  });

  it('otherwise stops with one line that names the command', () => {
    const cases: [Partial<ChromiumFacts>, RegExp][] = [
      [
        { interactive: true, isRoot: true },
        /run `apt-get update && apt-get install -y chromium chromium-headless-shell` first/,
      ],
      [
        { interactive: true, sudoOk: true },
        /run `sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell` first/,
      ],
      [{}, /run `sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell` first/],
      [{ hasApt: false, isRoot: true }, /set CHROMIUM_PATH/],
      [
        { configured: '/nope/chromium', debianOk: true, isRoot: true },
        /CHROMIUM_PATH=\/nope\/chromium is not an executable/,
      ],
    ];
    for (const [facts, message] of cases) {
      const plan = chromiumPlan({ ...none, ...facts });
      expect(plan, JSON.stringify(facts)).toEqual({ stop: expect.stringMatching(message) });
      expect((plan as { stop: string }).stop).not.toContain('\n');
      expect((plan as { stop: string }).stop).toContain('--skip-e2e');
    }
  });

  it('npm test stops before any test when the browser is missing, with one line', async () => {
    const res = await runScript(['--only=typecheck,e2e'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(res.code).toBe(1);
    expect(res.stdout).not.toContain('==> [1/');
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringContaining('CHROMIUM_PATH=/nonexistent/chromium')]);
  });

  it('npm test does not look for a browser when the e2e step is skipped', async () => {
    const res = await runScript(['--only=e2e', '--skip-e2e'], { CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(res.stderr).toBe('');
    expect(res.stdout).toContain('e2e: skipped (--skip-e2e)');
    expect(res.code).toBe(0);
  });
});

describe('npm test steps', () => {
  it('include prettier --check . as the format step', async () => {
    const res = await runScript(['--help'], {});
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/steps: typecheck, lint, format, build, build-demo, vitest, postgres, e2e, e2e-demo/);
  });
});
