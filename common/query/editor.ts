/**
 * Editor support for the console: `tokenize` (syntax highlighting, never throws) and
 * `completions` (field names, operators, enum values and keywords expected at the cursor).
 */
import { findField, type Catalogue, type FieldDef } from './catalogues';
import { lex, isPlainIdentifier, FUNCTIONS, type LexToken } from './lexer';
import { quoteString } from '../search';
import { printField } from './print';

export type TokenKind =
  'keyword' | 'field' | 'operator' | 'string' | 'number' | 'word' | 'punctuation' | 'function' | 'error';

export interface HighlightToken {
  kind: TokenKind;
  start: number;
  end: number;
  text: string;
  /** For error tokens: the lexer's message, in English (its keyed form is the parse error's `msg`). */
  message?: string;
}

type State =
  | 'cond' // a condition is expected
  | 'fieldDot' // after `tag.`
  | 'afterField' // an operator is expected
  | 'afterNot' // after `field not`: `in` expected
  | 'afterIn' // `(` expected
  | 'value' // a value is expected
  | 'afterValue' // and / or / ) / , expected
  | 'fnOpen' // after a function name: `(` expected
  | 'searchArg'
  | 'searchClose'
  | 'nowClose'
  | 'duration';

interface Scan {
  roles: TokenKind[];
  state: State;
  /** Field of the current comparison. */
  field: string[];
  inList: boolean;
  depth: number;
  op?: string;
}

const COMPARE_OPS = new Set(['=', '!=', '<', '<=', '>', '>=', '~', '!~']);

function scan(tokens: LexToken[]): Scan {
  const s: Scan = { roles: [], state: 'cond', field: [], inList: false, depth: 0 };
  let fn: string | undefined;
  const afterValue = () => {
    s.state = 'afterValue';
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'eof') break;
    const next = tokens[i + 1];
    let role: TokenKind = 'punctuation';
    switch (t.kind) {
      case 'error':
        role = 'error';
        if (s.state === 'value') afterValue();
        break;
      case 'string':
        if (s.state === 'fieldDot') {
          role = 'field';
          s.field.push(t.str!);
          s.state = 'afterField';
        } else {
          role = 'string';
          if (s.state === 'searchArg') s.state = 'searchClose';
          else afterValue();
        }
        break;
      case 'number':
      case 'date':
        role = 'number';
        afterValue();
        break;
      case 'duration':
        role = 'number';
        afterValue();
        break;
      case 'op':
        role = 'operator';
        if (COMPARE_OPS.has(t.str!)) {
          s.op = t.str;
          s.state = 'value';
        } else if (s.state === 'afterValue' && (t.str === '+' || t.str === '-')) s.state = 'duration';
        break;
      case 'keyword':
        role = 'keyword';
        if (s.state === 'fieldDot') {
          role = 'field';
          s.field.push(t.text);
          s.state = 'afterField';
        } else if (t.str === 'and' || t.str === 'or') s.state = 'cond';
        else if (t.str === 'not') s.state = s.state === 'afterField' ? 'afterNot' : 'cond';
        else if (t.str === 'in') {
          s.op = 'in';
          s.state = 'afterIn';
        } else afterValue(); // true false null
        break;
      case 'ident': {
        const lower = t.str!.toLowerCase();
        if (s.state === 'fieldDot') {
          role = 'field';
          s.field.push(t.str!);
          s.state = 'afterField';
        } else if (next?.kind === 'lparen' && (FUNCTIONS as readonly string[]).includes(lower)) {
          role = 'function';
          fn = lower;
          s.state = 'fnOpen';
        } else if (s.state === 'value') {
          role = 'word';
          afterValue();
        } else {
          role = 'field';
          s.field = [t.str!];
          s.state = 'afterField';
        }
        break;
      }
      case 'dot':
        if (s.state === 'afterField') {
          role = 'field';
          s.state = 'fieldDot';
        }
        break;
      case 'lparen':
        if (s.state === 'fnOpen') s.state = fn === 'search' ? 'searchArg' : 'nowClose';
        else if (s.state === 'afterIn') {
          s.inList = true;
          s.state = 'value';
        } else {
          s.depth++;
          s.state = 'cond';
        }
        break;
      case 'comma':
        if (s.inList) s.state = 'value';
        break;
      case 'rparen':
        if (s.state === 'searchClose' || s.state === 'nowClose' || s.state === 'searchArg') afterValue();
        else if (s.inList) {
          s.inList = false;
          afterValue();
        } else {
          s.depth = Math.max(0, s.depth - 1);
          afterValue();
        }
        break;
      default:
        break;
    }
    s.roles.push(role);
  }
  return s;
}

/** Tokens for syntax highlighting (whitespace is not a token). Never throws. */
export function tokenize(text: string): HighlightToken[] {
  const tokens = lex(text);
  const { roles } = scan(tokens);
  return roles.map((kind, i) => {
    const t = tokens[i]!;
    return {
      kind,
      start: t.start,
      end: t.end,
      text: t.text,
      ...(t.kind === 'error' && t.error ? { message: t.error.en } : {}),
    };
  });
}

export interface CompletionItem {
  /** What the list shows. */
  label: string;
  /** What replaces the text between `from` and `to`. */
  insert: string;
  kind: 'field' | 'value' | 'operator' | 'keyword' | 'function';
  /** English detail (a field's description), or literal text such as a field name. */
  detail?: string;
  /** The detail's translation key and values, when it is a sentence the console translates. */
  detailKey?: string;
  detailValues?: Readonly<Record<string, string>>;
}

/** A field's description key for its completion item. */
const detailKeyOf = (fd: FieldDef): Pick<CompletionItem, 'detailKey' | 'detailValues'> => ({
  ...(fd.descriptionKey ? { detailKey: fd.descriptionKey } : {}),
  ...(fd.descriptionValues ? { detailValues: fd.descriptionValues } : {}),
});

export interface CompletionResult {
  /** Range of the text the chosen item replaces (the partial word at the cursor). */
  from: number;
  to: number;
  items: CompletionItem[];
}

const OPERATORS_BY_TYPE: Record<FieldDef['type'], string[]> = {
  integer: ['=', '!=', '<', '<=', '>', '>=', 'in', 'not in'],
  number: ['=', '!=', '<', '<=', '>', '>=', 'in', 'not in'],
  string: ['=', '!=', '~', '!~', '<', '<=', '>', '>=', 'in', 'not in'],
  boolean: ['=', '!='],
  date: ['=', '!=', '<', '<=', '>', '>=', 'in', 'not in'],
  datetime: ['=', '!=', '<', '<=', '>', '>=', 'in', 'not in'],
  enum: ['=', '!=', 'in', 'not in'],
  set: ['=', '!=', 'in', 'not in'],
};

function rank(items: CompletionItem[], prefix: string): CompletionItem[] {
  const p = prefix.toLowerCase();
  if (!p) return items;
  // A keyword typed in full ("and" right after "and") is not offered again.
  items = items.filter((it) => !(it.kind === 'keyword' || it.kind === 'operator') || it.insert.toLowerCase() !== p);
  const starts = items.filter((it) => it.label.toLowerCase().startsWith(p));
  const contains = items.filter((it) => !it.label.toLowerCase().startsWith(p) && it.label.toLowerCase().includes(p));
  return [...starts, ...contains];
}

function valueItems(field: FieldDef | undefined): CompletionItem[] {
  const out: CompletionItem[] = [];
  if (field?.values)
    for (const v of field.values)
      out.push({ label: v, insert: isPlainIdentifier(v) ? v : quoteString(v), kind: 'value', detail: field.name });
  if (field?.type === 'boolean')
    out.push({ label: 'true', insert: 'true', kind: 'value' }, { label: 'false', insert: 'false', kind: 'value' });
  if (field?.type === 'date' || field?.type === 'datetime') {
    out.push({ label: 'now()', insert: 'now()', kind: 'function' });
    out.push({
      label: 'now() - 1d',
      insert: 'now() - 1d',
      kind: 'function',
      detail: 'units m, h, d, w',
      detailKey: 'aq.query.completion.units',
    });
  }
  out.push({ label: 'null', insert: 'null', kind: 'keyword' });
  return out;
}

/**
 * What may be typed at the cursor: field names at the start of a condition (tag fields as
 * `tag."Name"`), operators after a field, enum values / true / false / now() after an operator or
 * inside `in (…)`, and `and` / `or` after a complete condition.
 */
export function completions(text: string, cursor: number, catalogue: Catalogue): CompletionResult {
  const at = Math.max(0, Math.min(cursor, text.length));
  const tokens = lex(text.slice(0, at));
  tokens.pop(); // eof
  let from = at;
  let prefix = '';
  const last = tokens[tokens.length - 1];
  if (last && last.end === at && (last.kind === 'ident' || last.kind === 'keyword')) {
    tokens.pop();
    from = last.start;
    prefix = last.text;
  } else if (last && last.end === at && last.kind === 'error' && last.text.startsWith('"')) {
    // an unterminated quoted name or value being typed
    tokens.pop();
    from = last.start;
    prefix = last.str ?? last.text.slice(1);
  }
  const s = scan([...tokens, { kind: 'eof', text: '', start: from, end: from }]);

  if (s.state === 'fieldDot') {
    // `tag.` + partial: complete against the whole dotted name
    const head = s.field.join('.');
    const dotStart = tokens
      .slice()
      .reverse()
      .find((t) => t.kind === 'ident' && t.str === s.field[0]);
    const start = dotStart?.start ?? from;
    const items = catalogue.fields
      .filter((fd) => fd.name.toLowerCase().startsWith(`${head.toLowerCase()}.`))
      .map((fd) => ({
        label: fd.name,
        insert: printField({ path: splitName(fd.name), span: { start: 0, end: 0 } }),
        kind: 'field' as const,
        detail: fd.description,
        ...detailKeyOf(fd),
      }));
    return { from: start, to: at, items: rank(items, `${head}.${prefix}`) };
  }
  if (s.state === 'cond') {
    const items: CompletionItem[] = catalogue.fields.map((fd) => ({
      label: fd.name,
      insert: printField({ path: splitName(fd.name), span: { start: 0, end: 0 } }),
      kind: 'field',
      detail: fd.description,
      ...detailKeyOf(fd),
    }));
    items.push(
      { label: 'not', insert: 'not', kind: 'keyword' },
      {
        label: 'SEARCH("…")',
        insert: 'SEARCH("")',
        kind: 'function',
        detail: 'full-text search',
        detailKey: 'aq.query.completion.search',
      },
    );
    return { from, to: at, items: rank(items, prefix) };
  }
  if (s.state === 'afterField' || s.state === 'afterNot') {
    const field = findField(catalogue, s.field.join('.'));
    const ops = s.state === 'afterNot' ? ['in'] : OPERATORS_BY_TYPE[field?.type ?? 'string'];
    return {
      from,
      to: at,
      items: rank(
        ops.map((op) => ({ label: op, insert: op, kind: 'operator' as const })),
        prefix,
      ),
    };
  }
  if (s.state === 'value') {
    const field = findField(catalogue, s.field.join('.'));
    return { from, to: at, items: rank(valueItems(field), prefix) };
  }
  if (s.state === 'afterValue') {
    const items: CompletionItem[] = [
      { label: 'and', insert: 'and', kind: 'keyword' },
      { label: 'or', insert: 'or', kind: 'keyword' },
    ];
    if (s.inList)
      items.unshift({ label: ',', insert: ',', kind: 'operator' }, { label: ')', insert: ')', kind: 'operator' });
    else if (s.depth > 0) items.push({ label: ')', insert: ')', kind: 'operator' });
    return { from, to: at, items: rank(items, prefix) };
  }
  if (s.state === 'afterIn') return { from, to: at, items: [{ label: '(', insert: '(', kind: 'operator' }] };
  if (s.state === 'duration')
    return {
      from,
      to: at,
      items: ['1h', '1d', '3d', '1w'].map((d) => ({ label: d, insert: d, kind: 'value' as const })),
    };
  return { from, to: at, items: [] };
}

/** `tag.Roof type` → ['tag', 'Roof type'] (only the first dot separates a tag name). */
function splitName(name: string): string[] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name] : [name.slice(0, dot), name.slice(dot + 1)];
}
