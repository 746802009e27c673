/**
 * The lexer of the query language. It never throws: a character it cannot read becomes an `error`
 * token carrying the message, so the console can highlight a half-typed query and the parser can
 * report the first problem with its position.
 */
import type { DurationUnit } from './ast';
import { queryMessage, type QueryMessage } from './messages';

export const KEYWORDS = ['and', 'or', 'not', 'in', 'true', 'false', 'null'] as const;
export type Keyword = (typeof KEYWORDS)[number];
const KEYWORD_SET = new Set<string>(KEYWORDS);

export const FUNCTIONS = ['search', 'now'] as const;

export type LexKind =
  | 'ident'
  | 'keyword'
  | 'string'
  | 'number'
  | 'duration'
  | 'date'
  | 'op'
  | 'lparen'
  | 'rparen'
  | 'comma'
  | 'dot'
  | 'error'
  | 'eof';

export interface LexToken {
  kind: LexKind;
  /** The source text of the token. */
  text: string;
  start: number;
  end: number;
  /** ident: the name; keyword: lower-case keyword; string: the decoded text; op: the operator. */
  str?: string;
  num?: number;
  duration?: { amount: number; unit: DurationUnit };
  /** For `error` tokens (and unterminated strings): what went wrong. */
  error?: QueryMessage;
  /** Where inside the token the error is (an invalid escape), when not at its start. */
  errorAt?: number;
  expected?: string[];
}

const IDENT_START = /[\p{L}_]/u;
const IDENT_PART = /[\p{L}\p{N}_]/u;
/** Words may contain inner hyphens (T-Mobile, Bielsko-Biała); a hyphen with a space around it is minus. */
const IDENT_RE = /^[\p{L}_][\p{L}\p{N}_]*(?:-[\p{L}\p{N}_]+)*$/u;
const DATE_AT = /\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?/y;
const NUMBER_AT = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** True when the text can be written bare as a field segment or a word (not a keyword). */
export function isPlainIdentifier(text: string): boolean {
  return IDENT_RE.test(text) && !KEYWORD_SET.has(text.toLowerCase());
}

export const isKeyword = (text: string): boolean => KEYWORD_SET.has(text.toLowerCase());

export function lex(input: string): LexToken[] {
  const tokens: LexToken[] = [];
  const n = input.length;
  let i = 0;
  const push = (t: LexToken) => tokens.push(t);
  while (i < n) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    // punctuation
    if (ch === '(' || ch === ')' || ch === ',' || ch === '.') {
      const kind = ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : ch === ',' ? 'comma' : 'dot';
      push({ kind, text: ch, start, end: i + 1 });
      i++;
      continue;
    }
    // operators
    if (ch === '=' || ch === '<' || ch === '>' || ch === '~' || ch === '+' || ch === '-') {
      let op: string = ch;
      if ((ch === '<' || ch === '>') && input[i + 1] === '=') op += '=';
      push({ kind: 'op', text: op, str: op, start, end: i + op.length });
      i += op.length;
      continue;
    }
    if (ch === '!') {
      const next = input[i + 1];
      if (next === '=' || next === '~') {
        push({ kind: 'op', text: ch + next, str: ch + next, start, end: i + 2 });
        i += 2;
      } else {
        push({
          kind: 'error',
          text: ch,
          start,
          end: i + 1,
          error: queryMessage('unexpectedBang', { position: start }),
          expected: ['!=', '!~'],
        });
        i++;
      }
      continue;
    }
    // strings
    if (ch === '"') {
      let value = '';
      let j = i + 1;
      let error: QueryMessage | undefined;
      let errorAt: number | undefined;
      let closed = false;
      while (j < n) {
        const c = input[j]!;
        if (c === '"') {
          closed = true;
          j++;
          break;
        }
        if (c === '\\') {
          const e = input[j + 1];
          if (e === '"' || e === '\\') {
            value += e;
            j += 2;
            continue;
          }
          errorAt ??= j;
          error ??= queryMessage('invalidEscape', { escape: e ?? '', position: j });
          j += e === undefined ? 1 : 2;
          continue;
        }
        value += c;
        j++;
      }
      if (!closed) {
        error = queryMessage('unterminatedString', { position: start });
        errorAt = undefined;
      }
      push(
        error
          ? {
              kind: 'error',
              text: input.slice(start, j),
              start,
              end: j,
              error,
              errorAt,
              expected: closed ? ['\\"', '\\\\'] : ['"'],
              str: value,
            }
          : { kind: 'string', text: input.slice(start, j), str: value, start, end: j },
      );
      i = j;
      continue;
    }
    // dates, numbers, durations
    if (/\d/.test(ch)) {
      DATE_AT.lastIndex = i;
      const dm = DATE_AT.exec(input);
      let end: number;
      let token: LexToken;
      if (dm) {
        end = i + dm[0].length;
        token = { kind: 'date', text: dm[0], str: dm[0], start, end };
      } else {
        NUMBER_AT.lastIndex = i;
        const nm = NUMBER_AT.exec(input)!;
        end = i + nm[0].length;
        token = { kind: 'number', text: nm[0], num: Number(nm[0]), start, end };
        // a duration: an integer directly followed by a unit letter
        const unit = input[end];
        if (unit && /^\d+$/.test(nm[0]) && 'mhdw'.includes(unit) && !IDENT_PART.test(input[end + 1] ?? '')) {
          end += 1;
          token = {
            kind: 'duration',
            text: input.slice(start, end),
            start,
            end,
            duration: { amount: Number(nm[0]), unit: unit as DurationUnit },
          };
        }
      }
      if (end < n && IDENT_PART.test(input[end]!)) {
        let j = end;
        while (j < n && (IDENT_PART.test(input[j]!) || input[j] === '.' || input[j] === ':' || input[j] === '-')) j++;
        const text = input.slice(start, j);
        const looksLikeDuration =
          /^\d+(y|yr|years?|mo|mon|months?|s|secs?|seconds?|ms|mins?|minutes?|hours?|hrs?|days?|weeks?|wk)$/i.test(
            text,
          );
        push({
          kind: 'error',
          text,
          start,
          end: j,
          error: queryMessage(looksLikeDuration ? 'invalidDuration' : 'invalidNumber', {
            text: JSON.stringify(text),
            position: start,
          }),
          expected: looksLikeDuration ? ['m', 'h', 'd', 'w'] : ['a number', 'an ISO date'],
        });
        i = j;
        continue;
      }
      push(token);
      i = end;
      continue;
    }
    // identifiers and keywords
    if (IDENT_START.test(ch)) {
      let j = i + 1;
      while (j < n && (IDENT_PART.test(input[j]!) || (input[j] === '-' && IDENT_PART.test(input[j + 1] ?? '')))) j++;
      const text = input.slice(i, j);
      const lower = text.toLowerCase();
      push(
        KEYWORD_SET.has(lower)
          ? { kind: 'keyword', text, str: lower, start, end: j }
          : { kind: 'ident', text, str: text, start, end: j },
      );
      i = j;
      continue;
    }
    // anything else
    const cp = String.fromCodePoint(input.codePointAt(i)!);
    push({
      kind: 'error',
      text: cp,
      start,
      end: i + cp.length,
      error: queryMessage(ch === "'" ? 'unexpectedQuote' : 'unexpectedCharacter', {
        char: JSON.stringify(cp),
        position: start,
      }),
    });
    i += cp.length;
  }
  tokens.push({ kind: 'eof', text: '', start: n, end: n });
  return tokens;
}
