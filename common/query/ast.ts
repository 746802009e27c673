/**
 * The sensor-management query language: AST types and the error type.
 *
 * Every node carries its `span` (0-based, end exclusive) in the source text, so errors found while
 * compiling (unknown field, type mismatch) point at the right place too.
 */
import type { QueryMessage } from './messages';

export interface Span {
  /** 0-based offset of the first character. */
  start: number;
  /** 0-based offset just after the last character. */
  end: number;
}

export const COMPARE_OPS = ['=', '!=', '<', '<=', '>', '>=', '~', '!~'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];

export const DURATION_UNITS = ['m', 'h', 'd', 'w'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const DURATION_UNIT_MS: Record<DurationUnit, number> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

export interface Duration {
  sign: 1 | -1;
  /** A non-negative integer. */
  amount: number;
  unit: DurationUnit;
}

/** A field reference: `status`, `tag.color`, `tag."Roof type"` → path `['tag', 'Roof type']`. */
export interface FieldRef {
  path: string[];
  span: Span;
}

export type Value =
  | { kind: 'number'; value: number; span: Span }
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'boolean'; value: boolean; span: Span }
  | { kind: 'null'; span: Span }
  /** A bare word such as an enum value: `Installed`, `GSM`. */
  | { kind: 'word'; value: string; span: Span }
  /** An unquoted ISO date or date-time, as written: `2026-01-31`, `2026-01-31T10:00:00Z`. */
  | { kind: 'date'; value: string; span: Span }
  /** `now()`, optionally shifted: `now() - 3d`. */
  | { kind: 'now'; offset: Duration | null; span: Span };

export type Expr =
  | { kind: 'or'; left: Expr; right: Expr; span: Span }
  | { kind: 'and'; left: Expr; right: Expr; span: Span }
  | { kind: 'not'; expr: Expr; span: Span }
  | { kind: 'compare'; field: FieldRef; op: CompareOp; value: Value; span: Span }
  | { kind: 'in'; field: FieldRef; negated: boolean; values: Value[]; span: Span }
  | { kind: 'search'; text: string; span: Span };

/**
 * A syntax error or (from the compiler) a semantic error. `message` names the position (the same
 * 0-based offset as `position`, like JSON.parse) and what was expected; `msg` is the same message
 * keyed (`query.errors.*`, common/query/messages.ts) for the console to show translated.
 */
export class QueryError extends Error {
  readonly msg: QueryMessage;
  readonly position: number;
  readonly end: number;
  readonly expected?: string[];

  constructor(msg: QueryMessage, position: number, opts: { end?: number; expected?: string[] } = {}) {
    super(msg.en);
    this.name = 'QueryError';
    this.msg = msg;
    this.position = position;
    this.end = Math.max(opts.end ?? position + 1, position);
    if (opts.expected) this.expected = opts.expected;
  }
}

export const isQueryError = (e: unknown): e is QueryError => e instanceof QueryError;

/** The field's dotted name as written canonically (`tag.Roof type` for display). */
export const fieldName = (f: FieldRef): string => f.path.join('.');

/** Every field referenced by a query (in source order, duplicates kept). */
export function fieldsOf(expr: Expr | null | undefined): FieldRef[] {
  const out: FieldRef[] = [];
  const walk = (e: Expr) => {
    switch (e.kind) {
      case 'or':
      case 'and':
        walk(e.left);
        walk(e.right);
        break;
      case 'not':
        walk(e.expr);
        break;
      case 'compare':
      case 'in':
        out.push(e.field);
        break;
      case 'search':
        break;
    }
  };
  if (expr) walk(expr);
  return out;
}

// ------------------------------------------------------------------ dates

const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

export interface ParsedDate {
  /** The instant (date-only values: midnight UTC). */
  date: Date;
  /** True for a calendar date without a time (`2026-01-31`). */
  dateOnly: boolean;
}

/** First instant of the year 1 (UTC). `Date.UTC` would read the year 1 as 1901. */
export const MIN_DATE_MS = new Date(0).setUTCFullYear(1, 0, 1);
/** Last instant of the year 9999 (UTC): PostgreSQL and ISO 8601 both need four-digit years. */
export const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Parses an ISO date (`2026-01-31`) or date-time (`2026-01-31T10:00`, seconds, fractions and a zone
 * optional; no zone means UTC). Returns undefined for anything else, including impossible dates and
 * instants a zone offset pushes outside the years 1–9999 (`0001-01-01T00:00+14:00`).
 */
export function parseIsoDate(text: string): ParsedDate | undefined {
  const parsed = parseIsoDateAnyYear(text);
  return parsed && !outOfRange(parsed.date) ? parsed : undefined;
}

/** True when the text is a well-formed date whose instant falls outside the years 1–9999. */
export function isDateOutOfRange(text: string): boolean {
  const parsed = parseIsoDateAnyYear(text);
  return parsed !== undefined && outOfRange(parsed.date);
}

const outOfRange = (date: Date) => date.getTime() < MIN_DATE_MS || date.getTime() > MAX_DATE_MS;

function parseIsoDateAnyYear(text: string): ParsedDate | undefined {
  const m = DATE_RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  const base = new Date(0);
  base.setUTCFullYear(year, month - 1, day);
  base.setUTCHours(hour, minute, second, ms);
  if (base.getUTCFullYear() !== year || base.getUTCMonth() !== month - 1 || base.getUTCDate() !== day) return undefined;
  let offsetMin = 0;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const zm = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    const zh = Number(zm[2]);
    const zmin = Number(zm[3]);
    if (zh > 14 || zmin > 59) return undefined;
    offsetMin = (zm[1] === '-' ? -1 : 1) * (zh * 60 + zmin);
  }
  const date = new Date(base.getTime() - offsetMin * 60_000);
  if (Number.isNaN(date.getTime())) return undefined;
  return { date, dateOnly: h === undefined };
}
