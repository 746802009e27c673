// Types of scripts/chromium.mjs (the Chromium of the end-to-end tests), for the TypeScript tests.
export declare const DEBIAN_CHROMIUM: string;
export declare const DEBIAN_HEADLESS_SHELL: string;
export declare function installCommand(isRoot: boolean): string;
export declare function isExecutable(file: string): boolean;
export declare function debianChromium(): string | null;
/** The flags every headless Chromium of this repository runs with. */
export declare const CHROMIUM_ARGS: readonly string[];

export interface ChromiumFacts {
  /** CHROMIUM_PATH, when set. */
  configured: string | null;
  configuredOk: boolean;
  /** /usr/bin/chromium-headless-shell is an executable file. */
  headlessShellOk: boolean;
  /** /usr/bin/chromium is an executable file. */
  debianOk: boolean;
  /** A Chromium Playwright downloaded, if any. */
  playwrightPath: string | null;
  /** A terminal on stdin and CI unset: someone could be asked. */
  interactive: boolean;
  hasApt: boolean;
  isRoot: boolean;
  /** sudo -n works (password-less). */
  sudoOk: boolean;
}

export type ChromiumPlan = { use: string } | { install: string[] } | { stop: string };

export declare function chromiumPlan(facts: ChromiumFacts): ChromiumPlan;
export declare function ensureChromium(options?: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<string | null>;
