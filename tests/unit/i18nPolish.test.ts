/**
 * The Polish catalogue itself — not merged with English, which would always hold every key — has
 * every message of the English one (react-admin's own included), no key English lacks, the same
 * `%{values}` in each message, and no message left equal to its English except the allow-listed
 * words that are the same in both languages (tests/unit/i18nSame.ts). English is react-admin
 * 5.15's set plus the console's, so a message react-admin adds in an upgrade fails here until
 * it is translated.
 */
import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { pl } from '../../src/i18n/pl';
import { SAME_IN_BOTH } from './i18nSame';
import { leaves, lookup } from './i18nScan';

const enLeaves = leaves(en);
const plLeaves = leaves(pl);
const VALUE = /%\{(\w+)\}/g;
const valuesOf = (message: string) => [...new Set([...message.matchAll(VALUE)].map((m) => m[1]!))].sort();
/** A message with no word of its own (only values, punctuation or a space) is the same in any language. */
const hasWords = (message: string) => /\p{L}/u.test(message.replace(VALUE, ''));

describe('the Polish catalogue, on its own', () => {
  it("holds every key of the English catalogue, react-admin's own included", () => {
    expect(enLeaves.length).toBeGreaterThan(1600);
    const missing = enLeaves.filter(([key]) => typeof lookup(pl, key) !== 'string').map(([key]) => key);
    expect(missing).toEqual([]);
    const raMissing = leaves(englishMessages)
      .map(([key]) => key)
      .filter((key) => typeof lookup(pl, key) !== 'string');
    expect(raMissing).toEqual([]);
  });

  it('has no key that English lacks', () => {
    expect(plLeaves.filter(([key]) => typeof lookup(en, key) !== 'string').map(([key]) => key)).toEqual([]);
  });

  it('names the same %{values} as English in every message', () => {
    const differ = plLeaves
      .map(([key, message]) => ({ key, pl: valuesOf(message), en: valuesOf(String(lookup(en, key) ?? '')) }))
      .filter((d) => d.pl.join() !== d.en.join());
    expect(differ).toEqual([]);
  });

  it('leaves no message in English but the words the same in both languages', () => {
    const same = enLeaves
      .filter(([key, message]) => hasWords(message) && lookup(pl, key) === message && !SAME_IN_BOTH.has(message))
      .map(([key, message]) => `${key}: ${message}`);
    expect(same).toEqual([]);
  });

  it('writes each plural in the three forms Polish needs where English has two', () => {
    const plurals = enLeaves.filter(([, message]) => message.includes('||||') && message.includes('smart_count'));
    expect(plurals.length).toBeGreaterThan(5);
    const twoForms = plurals.filter(([key]) => String(lookup(pl, key)).split('||||').length < 3).map(([key]) => key);
    expect(twoForms).toEqual([]);
  });
});
