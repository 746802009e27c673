/**
 * The English detector of the Polish walks (e2e/polish.spec.ts on the normal console,
 * e2e/demo.spec.ts on the demo): every English message of the catalogue, the visible texts of a
 * screen, and the walk's record of what stayed English on each route.
 */
import { expect, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { SAME_IN_BOTH } from '../../tests/unit/i18nSame';

type Messages = { [key: string]: string | Messages };
const leaves = (m: Messages, prefix = ''): [string, string][] =>
  Object.entries(m).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every English message (each plural variant apart): plain ones by text, ones with values as patterns. */
const EXACT = new Map<string, string>();
const PATTERNS: { key: string; re: RegExp }[] = [];
for (const [key, message] of leaves(en as unknown as Messages))
  for (const variant of message.split('||||').map((v) => v.trim())) {
    if (!/\p{L}{2}/u.test(variant) || SAME_IN_BOTH.has(variant)) continue;
    if (!variant.includes('%{')) {
      EXACT.set(variant, key);
      continue;
    }
    // Only a message with enough words of its own to be recognised ("%{name}: %{value}" is not).
    const literal = variant.replace(/%\{\w+\}/g, ' ');
    if ((literal.match(/\p{L}{3,}/gu) ?? []).length < 2) continue;
    const re = new RegExp(
      `^${variant
        .split(/%\{\w+\}/)
        .map(escape)
        .join('.+?')}$`,
      's',
    );
    PATTERNS.push({ key, re });
  }

/** A raw message key on screen: a translation that found no message. */
const RAW_KEY =
  /^(ra|aq|resources|menu|validation|write|query|help|hardening|reinstall|adpUsers|contractors|requests|installations|wifi|firmware|apiUsers|enums)\.[\w.-]+$/;

/**
 * Texts of the demo data that happen to equal an English message: the built-in preset "All", the
 * role "Admin", a contractor named "NGO", the audit log's sources (Preferences, User…), which the
 * server writes in English, and the installation status value "Installed".
 */
const DATA_TEXTS = new Set([
  ...['All', 'Details', 'Admin', 'NGO', 'Preferences', 'Updated', 'User', 'Created', 'Installed'],
  // Plans of developer-portal users, a contractor tag's value, and the default saved queries' names.
  ...['Trial', 'Research', 'Enterprise', 'Advanced', 'Business'],
  'using GSM or Wi-Fi communications',
  'visible on the map and not working for more than 3 days',
]);

/** The key of the English message `text` is (or "raw key"), or undefined when it is not English. */
export function englishOf(text: string): string | undefined {
  if (RAW_KEY.test(text)) return `raw key`;
  if (DATA_TEXTS.has(text)) return undefined;
  const exact = EXACT.get(text);
  if (exact) return exact;
  return PATTERNS.find((p) => p.re.test(text))?.key;
}

/** The visible texts of the page: text nodes and input placeholders of shown elements. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const shown = (el: Element | null) =>
      !!el && (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.replace(/\s+/g, ' ').trim();
      if (!text || !shown(n.parentElement)) continue;
      // Query-language source text (values such as Installed are the language's own words).
      if (n.parentElement?.closest('script,style,noscript,code,pre,kbd')) continue;
      // The audit log's rows are the server's own English records (source, event, message); the
      // console may be served under a path prefix (the demo).
      if (/\/logs\//.test(location.pathname) && n.parentElement?.closest('tbody')) continue;
      out.add(text);
    }
    for (const el of document.querySelectorAll('input[placeholder],textarea[placeholder]'))
      if (shown(el)) out.add((el as HTMLInputElement).placeholder.trim());
    return [...out].filter(Boolean);
  });
}

/** Switches to Polish through the toolbar's language switch. */
export async function switchToPolish(page: Page) {
  await page.getByRole('button', { name: 'EN, Language' }).click();
  await page.getByRole('menuitem', { name: 'Polski' }).click();
  await expect(page.getByRole('button', { name: 'PL, Język' })).toBeVisible();
}

/** The record of a walk through the routes in Polish: English texts or raw keys found on each screen. */
export class PolishWalk {
  private readonly report: string[] = [];
  readonly failures: string[] = [];
  private total = 0;
  private english = 0;

  /** Records the screen now shown as the route `name` at `path`. */
  async check(page: Page, name: string, path: string) {
    const texts = await visibleTexts(page);
    const found = texts.map((t) => [t, englishOf(t)] as const).filter(([, k]) => k);
    this.total += texts.length;
    this.english += found.length;
    this.report.push(`${name.padEnd(40)} ${String(found.length).padStart(3)} of ${String(texts.length).padStart(3)}`);
    for (const [text, key] of found) this.failures.push(`${name} ${path}: "${text}" (${key})`);
  }

  summary() {
    return `English or raw keys per screen in Polish:\n${this.report.join('\n')}\nTotal: ${this.english} of ${this.total}`;
  }
}
