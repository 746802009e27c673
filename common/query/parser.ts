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
import { QUERY_ERROR_TEXTS, queryMessage, type QueryErrorName, type QueryMessage } from './messages';

/** Deeper nesting than this is refused (it also bounds the recursion). */
export const MAX_DEPTH = 64;
/** Longest query text accepted. */
export const MAX_QUERY_LENGTH = 4000;

const COMPARE = new Set(['=', '!=', '<', '<=', '>', '>=', '~', '!~']);
const OPERATOR_LIST = ['=', '!=', '<', '<=', '>', '>=', '~', '!~', 'in', 'not in'];

/** The found token as a message shows it: its text quoted (cut at 24 characters), or the end of the query. */
function describe(t: LexToken): string | QueryMessage {
  if (t.kind === 'eof') return queryMessage('endOfQuery');
  const text = t.text.length > 24 ? `${t.text.slice(0, 24)}…` : t.text;
  return JSON.stringify(text);
}

const span = (start: number, end: number): Span => ({ start, end });

/** A phrase of what the parser expected (`query.errors.expecting.<name>`). */
const expecting = (name: Exclude<keyof typeof QUERY_ERROR_TEXTS.expecting, 'operator'>) =>
  queryMessage(`expecting.${name}`);

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

  /** Expected `what` (a phrase of `query.errors.expecting`) at the current token, after `after`, with a note. */
  private fail(what: QueryMessage, expected: string[], after?: LexToken, note?: QueryMessage): never {
    const t = this.tok;
    this.checkLexError(t);
    const name: QueryErrorName = after
      ? note
        ? 'expectedAfterNote'
        : 'expectedAfter'
      : note
        ? 'expectedNote'
        : 'expected';
    const values = {
      what,
      position: t.start,
      found: describe(t),
      ...(after ? { after: JSON.stringify(after.text) } : {}),
      ...(note ? { note } : {}),
    };
    throw new QueryError(queryMessage(name, values), t.start, { end: Math.max(t.end, t.start + 1), expected });
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
      throw new QueryError(queryMessage('tooDeep', { position: this.tok.start, max: MAX_DEPTH }), this.tok.start);
  }

  parse(): Expr | null {
    if (this.kind() === 'eof') return null;
    const expr = this.orExpr();
    if (this.kind() !== 'eof') {
      if (this.kind() === 'rparen')
        this.fail(expecting('andOrEnd'), ['and', 'or'], undefined, queryMessage('notes.unmatchedClose'));
      this.fail(expecting('andOrEnd'), ['and', 'or']);
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
          expecting('closeGroup'),
          [')', 'and', 'or'],
          undefined,
          queryMessage('notes.unclosedGroup', { position: open.start }),
        );
      this.next();
      this.depth--;
      // Parentheses only group: the node keeps its own span.
      return expr;
    }
    if (this.isFunction('search')) return this.search();
    if (this.isFunction('now')) this.fail(expecting('field'), ['a field'], after, queryMessage('notes.nowIsValue'));
    if (t.kind === 'ident') return this.predicate();
    this.fail(expecting('condition'), ['a field', 'not', '(', 'SEARCH'], after);
  }

  private search(): Expr {
    const name = this.next();
    const open = this.next(); // lparen, checked by isFunction
    if (this.kind() !== 'string') this.fail(expecting('quotedString'), ['"text"'], open);
    const str = this.next();
    if (this.kind() !== 'rparen') this.fail(expecting('closeSearch'), [')']);
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
        this.fail(expecting('name'), ['a name'], dot);
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
      if (!this.isKeyword('in')) this.fail(expecting('in'), ['in'], not, queryMessage('notes.notIn'));
      negated = true;
      inTok = this.next();
    } else if (this.isKeyword('in')) {
      inTok = this.next();
    }
    if (inTok) {
      if (this.kind() !== 'lparen') this.fail(expecting('listStart'), ['('], inTok);
      let prev = this.next();
      const values: Value[] = [];
      for (;;) {
        values.push(this.value(prev));
        if (this.kind() === 'comma') {
          prev = this.next();
          continue;
        }
        if (this.kind() === 'rparen') break;
        this.fail(expecting('listNext'), [',', ')']);
      }
      const close = this.next();
      return { kind: 'in', field, negated, values, span: span(field.span.start, close.end) };
    }
    this.fail(queryMessage('expecting.operator', { operators: OPERATOR_LIST }), OPERATOR_LIST, fieldTok);
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
            queryMessage('dateOutOfRange', { date: JSON.stringify(t.text), position: t.start }),
            t.start,
            { end: t.end, expected: ['a date between the years 1 and 9999'] },
          );
        if (!parseIsoDate(t.text))
          throw new QueryError(
            queryMessage('invalidDate', { date: JSON.stringify(t.text), position: t.start }),
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
        this.fail(expecting('value'), ['a value'], after, queryMessage('notes.durationOnlyInNow'));
        break;
      default:
        break;
    }
    this.fail(
      expecting('value'),
      ['a number', 'a "string"', 'a word', 'true', 'false', 'null', 'a date', 'now()'],
      after,
    );
  }

  private finite(t: LexToken) {
    if (!Number.isFinite(t.num))
      throw new QueryError(queryMessage('numberTooLarge', { position: t.start }), t.start, {
        end: t.end,
        expected: ['a number'],
      });
  }

  private now(): Value {
    const name = this.next();
    this.next(); // (
    if (this.kind() !== 'rparen') this.fail(expecting('closeNow'), [')']);
    const close = this.next();
    const t = this.tok;
    if (t.kind === 'op' && (t.str === '+' || t.str === '-')) {
      const sign = this.next();
      if (this.kind() !== 'duration') this.fail(expecting('duration'), ['a duration'], sign);
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
    throw new QueryError(queryMessage('tooLong', { length: text.length, max: MAX_QUERY_LENGTH }), MAX_QUERY_LENGTH);
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
