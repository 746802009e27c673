/**
 * Prints an AST in the canonical form: lower-case keywords, `SEARCH("…")`, `now() - 3d`, single
 * spaces, parentheses only where precedence needs them. `parseQuery(printQuery(ast))` gives back
 * the same AST (apart from positions).
 */
import type { Expr, FieldRef, Value } from './ast';
import { isPlainIdentifier } from './lexer';
import { quoteString } from '../search';

export function printField(field: FieldRef): string {
  return field.path.map((seg, i) => (i === 0 || isPlainIdentifier(seg) ? seg : quoteString(seg))).join('.');
}

function printNumber(n: number): string {
  if (Object.is(n, -0)) return '-0';
  return String(n);
}

export function printValue(v: Value): string {
  switch (v.kind) {
    case 'number':
      return printNumber(v.value);
    case 'string':
      return quoteString(v.value);
    case 'boolean':
      return v.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'word':
      return isPlainIdentifier(v.value) ? v.value : quoteString(v.value);
    case 'date':
      return v.value;
    case 'now':
      return v.offset ? `now() ${v.offset.sign < 0 ? '-' : '+'} ${v.offset.amount}${v.offset.unit}` : 'now()';
  }
}

const paren = (s: string) => `(${s})`;

export function printQuery(expr: Expr | null | undefined): string {
  if (!expr) return '';
  switch (expr.kind) {
    case 'or': {
      const right = printQuery(expr.right);
      return `${printQuery(expr.left)} or ${expr.right.kind === 'or' ? paren(right) : right}`;
    }
    case 'and': {
      const left = printQuery(expr.left);
      const right = printQuery(expr.right);
      return `${expr.left.kind === 'or' ? paren(left) : left} and ${expr.right.kind === 'or' || expr.right.kind === 'and' ? paren(right) : right}`;
    }
    case 'not': {
      const inner = printQuery(expr.expr);
      return `not ${expr.expr.kind === 'or' || expr.expr.kind === 'and' ? paren(inner) : inner}`;
    }
    case 'compare':
      return `${printField(expr.field)} ${expr.op} ${printValue(expr.value)}`;
    case 'in':
      return `${printField(expr.field)} ${expr.negated ? 'not in' : 'in'} (${expr.values.map(printValue).join(', ')})`;
    case 'search':
      return `SEARCH(${quoteString(expr.text)})`;
  }
}
