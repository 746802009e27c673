/**
 * Recursive-descent parser of the query language (grammar in common/query/index.ts).
 * `parseQuery` returns the AST, `null` for a blank query, or throws a QueryError naming the
 * position and what was expected. It throws nothing else, whatever the input.
 */
import {
  QueryError,
  isDateOutOfRange,
  parseIsoDate,
  type CompareOp,
  type Expr,
  type FieldRef,
  type Span,
  type Value,
} from './ast';
import { lex, type LexKind, type LexToken } from './lexer';

/** Deeper nesting than this is refused (it also bounds the recursion). */
export const MAX_DEPTH = 64;
/** Longest query text accepted. */
export const MAX_QUERY_LENGTH = 4000;

const COMPARE = new Set(['=', '!=', '<', '<=', '>', '>=', '~', '!~']);
const OPERATOR_LIST = ['=', '!=', '<', '<=', '>', '>=', '~', '!~', 'in', 'not in'];

function describe(t: LexToken): string {
  if (t.kind === 'eof') return 'end of query';
  const text = t.text.length > 24 ? `${t.text.slice(0, 24)}…` : t.text;
  return JSON.stringify(text);
}

const span = (start: number, end: number): Span => ({ start, end });

class Parser {
  private i = 0;
  private depth = 0;

  constructor(private readonly tokens: LexToken[]) {}

  private get tok(): LexToken {
    return this.tokens[this.i]!;
  }

  /** Kind of the current token (a method, so TypeScript does not narrow it across next()). */
  private kind(): LexKind {
    return this.tok.kind;
  }

  private peek(k = 1): LexToken {
    return this.tokens[Math.min(this.i + k, this.tokens.length - 1)]!;
  }

  private next(): LexToken {
    const t = this.tok;
    this.checkLexError(t);
    if (t.kind !== 'eof') this.i++;
    return t;
  }

  private checkLexError(t: LexToken) {
    if (t.kind === 'error')
      throw new QueryError(t.error!, t.errorAt ?? t.start, {
        end: t.errorAt !== undefined ? t.errorAt + 2 : t.end,
        expected: t.expected,
      });
  }

  private fail(what: string, expected: string[], after?: LexToken, note?: string): never {
    const t = this.tok;
    this.checkLexError(t);
    const where = after ? ` after ${JSON.stringify(after.text)}` : '';
    const tail = note ? ` (${note})` : '';
    throw new QueryError(`Expected ${what}${where} at position ${t.start} but found ${describe(t)}${tail}`, t.start, {
      end: Math.max(t.end, t.start + 1),
      expected,
    });
  }

  private isKeyword(word: string, t = this.tok) {
    return t.kind === 'keyword' && t.str === word;
  }

  /** An identifier `name` directly followed by "(": a function call (`SEARCH(`, `now(`). */
  private isFunction(name: string) {
    const t = this.tok;
    return t.kind === 'ident' && t.str!.toLowerCase() === name && this.peek().kind === 'lparen';
  }

  private enter() {
    if (++this.depth > MAX_DEPTH)
      throw new QueryError(
        `The query is nested too deeply at position ${this.tok.start}; expected at most ${MAX_DEPTH} levels of parentheses or "not"`,
        this.tok.start,
      );
  }

  parse(): Expr | null {
    if (this.kind() === 'eof') return null;
    const expr = this.orExpr();
    if (this.kind() !== 'eof') {
      if (this.kind() === 'rparen')
        this.fail('"and", "or" or the end of the query', ['and', 'or'], undefined, 'this ")" has no matching "("');
      this.fail('"and", "or" or the end of the query', ['and', 'or']);
    }
    return expr;
  }

  private orExpr(): Expr {
    let left = this.andExpr();
    while (this.isKeyword('or')) {
      const op = this.next();
      const right = this.andExpr(op);
      left = { kind: 'or', left, right, span: span(left.span.start, right.span.end) };
    }
    return left;
  }

  private andExpr(after?: LexToken): Expr {
    let left = this.unary(after);
    while (this.isKeyword('and')) {
      const op = this.next();
      const right = this.unary(op);
      left = { kind: 'and', left, right, span: span(left.span.start, right.span.end) };
    }
    return left;
  }

  private unary(after?: LexToken): Expr {
    if (this.isKeyword('not')) {
      this.enter();
      const op = this.next();
      const expr = this.unary(op);
      this.depth--;
      return { kind: 'not', expr, span: span(op.start, expr.span.end) };
    }
    return this.primary(after);
  }

  private primary(after?: LexToken): Expr {
    const t = this.tok;
    if (t.kind === 'lparen') {
      this.enter();
      const open = this.next();
      const expr = this.orExpr();
      if (this.kind() !== 'rparen')
        this.fail(
          '")", "and" or "or"',
          [')', 'and', 'or'],
          undefined,
          `the "(" at position ${open.start} is not closed`,
        );
      this.next();
      this.depth--;
      // Parentheses only group: the node keeps its own span.
      return expr;
    }
    if (this.isFunction('search')) return this.search();
    if (this.isFunction('now')) this.fail('a field', ['a field'], after, 'now() is a value, not a field');
    if (t.kind === 'ident') return this.predicate();
    this.fail('a condition (a field, "not", "(" or SEARCH("…"))', ['a field', 'not', '(', 'SEARCH'], after);
  }

  private search(): Expr {
    const name = this.next();
    const open = this.next(); // lparen, checked by isFunction
    if (this.kind() !== 'string') this.fail('a quoted string', ['"text"'], open);
    const str = this.next();
    if (this.kind() !== 'rparen') this.fail('")" to close SEARCH(', [')']);
    const close = this.next();
    return { kind: 'search', text: str.str!, span: span(name.start, close.end) };
  }

  private field(): FieldRef {
    const first = this.next();
    const path = [first.str!];
    let end = first.end;
    while (this.kind() === 'dot') {
      const dot = this.next();
      const t = this.tok;
      if (t.kind === 'ident' || t.kind === 'string' || t.kind === 'keyword') {
        this.next();
        path.push(t.kind === 'keyword' ? t.text : t.str!);
        end = t.end;
      } else {
        this.fail('a name (a word or a quoted string)', ['a name'], dot);
      }
    }
    return { path, span: span(first.start, end) };
  }

  private predicate(): Expr {
    const field = this.field();
    const fieldTok = { text: field.path.join('.') } as LexToken;
    const t = this.tok;
    if (t.kind === 'op' && COMPARE.has(t.str!)) {
      const op = this.next();
      const value = this.value(op);
      return { kind: 'compare', field, op: op.str as CompareOp, value, span: span(field.span.start, value.span.end) };
    }
    let negated = false;
    let inTok: LexToken | undefined;
    if (this.isKeyword('not')) {
      const not = this.next();
      if (!this.isKeyword('in')) this.fail('"in"', ['in'], not, 'a field can be followed by "not in"');
      negated = true;
      inTok = this.next();
    } else if (this.isKeyword('in')) {
      inTok = this.next();
    }
    if (inTok) {
      if (this.kind() !== 'lparen') this.fail('"(" to start the list of values', ['('], inTok);
      let prev = this.next();
      const values: Value[] = [];
      for (;;) {
        values.push(this.value(prev));
        if (this.kind() === 'comma') {
          prev = this.next();
          continue;
        }
        if (this.kind() === 'rparen') break;
        this.fail('"," or ")" in the list of values', [',', ')']);
      }
      const close = this.next();
      return { kind: 'in', field, negated, values, span: span(field.span.start, close.end) };
    }
    this.fail(`an operator (${OPERATOR_LIST.join(', ')})`, OPERATOR_LIST, fieldTok);
  }

  private value(after: LexToken): Value {
    const t = this.tok;
    switch (t.kind) {
      case 'number':
        this.finite(t);
        this.next();
        return { kind: 'number', value: t.num!, span: span(t.start, t.end) };
      case 'string':
        this.next();
        return { kind: 'string', value: t.str!, span: span(t.start, t.end) };
      case 'date': {
        if (isDateOutOfRange(t.text))
          throw new QueryError(
            `Date ${JSON.stringify(t.text)} at position ${t.start} is outside the years 1 to 9999 once its zone offset is applied`,
            t.start,
            { end: t.end, expected: ['a date between the years 1 and 9999'] },
          );
        if (!parseIsoDate(t.text))
          throw new QueryError(
            `Invalid date ${JSON.stringify(t.text)} at position ${t.start}; expected a real calendar date such as 2026-01-31 or 2026-01-31T10:00:00Z`,
            t.start,
            { end: t.end, expected: ['an ISO date'] },
          );
        this.next();
        return { kind: 'date', value: t.text, span: span(t.start, t.end) };
      }
      case 'keyword':
        if (t.str === 'true' || t.str === 'false') {
          this.next();
          return { kind: 'boolean', value: t.str === 'true', span: span(t.start, t.end) };
        }
        if (t.str === 'null') {
          this.next();
          return { kind: 'null', span: span(t.start, t.end) };
        }
        break;
      case 'op':
        if (t.str === '-' && this.peek().kind === 'number') {
          this.next();
          this.finite(this.tok);
          const num = this.next();
          return { kind: 'number', value: -num.num!, span: span(t.start, num.end) };
        }
        break;
      case 'ident': {
        if (this.isFunction('now')) return this.now();
        this.next();
        return { kind: 'word', value: t.str!, span: span(t.start, t.end) };
      }
      case 'duration':
        this.fail('a value', ['a value'], after, 'a duration is allowed only in now() - 3d or now() + 3d');
        break;
      default:
        break;
    }
    this.fail('a value', ['a number', 'a "string"', 'a word', 'true', 'false', 'null', 'a date', 'now()'], after);
  }

  private finite(t: LexToken) {
    if (!Number.isFinite(t.num))
      throw new QueryError(`The number at position ${t.start} is too large; expected a number below 1e308`, t.start, {
        end: t.end,
        expected: ['a number'],
      });
  }

  private now(): Value {
    const name = this.next();
    this.next(); // (
    if (this.kind() !== 'rparen') this.fail('")" after "now("', [')']);
    const close = this.next();
    const t = this.tok;
    if (t.kind === 'op' && (t.str === '+' || t.str === '-')) {
      const sign = this.next();
      if (this.kind() !== 'duration') this.fail('a duration such as 3d (units m, h, d, w)', ['a duration'], sign);
      const d = this.next();
      return {
        kind: 'now',
        offset: { sign: sign.str === '-' ? -1 : 1, amount: d.duration!.amount, unit: d.duration!.unit },
        span: span(name.start, d.end),
      };
    }
    return { kind: 'now', offset: null, span: span(name.start, close.end) };
  }
}

/** Parses a query. Blank text gives `null`. Throws only QueryError. */
export function parseQuery(text: string): Expr | null {
  if (text.length > MAX_QUERY_LENGTH)
    throw new QueryError(
      `The query is too long (${text.length} characters); expected at most ${MAX_QUERY_LENGTH}`,
      MAX_QUERY_LENGTH,
    );
  return new Parser(lex(text)).parse();
}

/** Like parseQuery, but returns the error instead of throwing (for editors). */
export function tryParseQuery(text: string): { ast: Expr | null; error: null } | { ast: null; error: QueryError } {
  try {
    return { ast: parseQuery(text), error: null };
  } catch (e) {
    if (e instanceof QueryError) return { ast: null, error: e };
    throw e;
  }
}
