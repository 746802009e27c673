/**
 * Compiles the query language (common/query) to a parameterised drizzle `SQL` condition.
 *
 * Every value the user typed becomes a bound parameter with an explicit cast; only identifiers from
 * the catalogue (SQL fragments written here and in the list routes) are ever part of the SQL text.
 * Unknown fields, type mismatches and syntax errors throw QueryError, whose message names the
 * position and what was expected (keyed as `query.errors.*`, common/query/messages.ts); the HTTP
 * edge answers it as `400 {status, message, messageKey, messageValues}`.
 */
import { StringChunk, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DURATION_UNIT_MS,
  MAX_DATE_MS,
  MIN_DATE_MS,
  QueryError,
  fieldName,
  parseIsoDate,
  parseQuery,
  printField,
  printValue,
  QUERY_ERROR_TEXTS,
  queryMessage,
  tagField,
  tagViewPermission,
  visibleFields,
  type Catalogue,
  type CompareOp,
  type Expr,
  type FieldDef,
  type FieldRef,
  type QueryMessage,
  type TagDef,
  type Value,
} from '../../common/query';
import { MEASURED_PARAMS, type TagContext } from '../../common/domain';
import type { PermissionSet } from '../../common/permissions';
import type { contractorTagValues, installationTagValues, sensorTagValues } from '../db/schema';

export type TagValueTable = typeof sensorTagValues | typeof installationTagValues | typeof contractorTagValues;

/** A queryable field on the server: its definition and the SQL expression of its value. */
export interface ServerField {
  def: FieldDef;
  expr: SQL | AnyPgColumn;
}

/** Resolves `tag.<name>` to its definition and the EXISTS subquery over the tag-values table. */
export interface TagResolution {
  def: FieldDef;
  tagId: number;
  /** `exists (select 1 from <tag values> v where v.<entity> = <row id> and v.tag_id = <id> and <cond(typed value)>)` */
  exists(cond: (value: SQL) => SQL): SQL;
}

export interface ServerCatalogue {
  catalogue: Catalogue;
  /** Fields by lower-case name. */
  fields: Map<string, ServerField>;
  /**
   * What SEARCH("…") looks into, prebuilt once per column map and field set (see `searchPlan`);
   * undefined when the list has no searchable field.
   */
  search: SearchPlan | undefined;
  /** `tag.<name>` resolver; undefined when the entity has no tags. */
  tag?: (name: string) => TagResolution | undefined;
  /** Names of the tags the caller may query (for messages). */
  tagNames?: string[];
  /** Reference time for now(); default: the time of compilation. */
  now?: Date;
}

export interface ServerCatalogueOptions {
  /** Only fields (and tags) this holder may see; all when omitted. */
  permissions?: PermissionSet;
  /** Tag definitions of the entity's context, when it has tags. */
  tags?: readonly TagDef[];
  /** The tag-values table and the row id its entity column refers to. */
  tagValues?: { table: TagValueTable; rowId: SQL | AnyPgColumn };
  now?: Date;
}

/**
 * Builds the server catalogue of a list: `columns` maps every field of the shared catalogue to its
 * SQL expression (a field without a mapping is a programming error).
 */
export function serverCatalogue(
  catalogue: Catalogue,
  columns: Record<string, SQL | AnyPgColumn>,
  opts: ServerCatalogueOptions = {},
): ServerCatalogue {
  for (const def of catalogue.fields)
    if (!(def.name in columns)) throw new Error(`No SQL for field ${catalogue.entity}.${def.name}`);
  const fields = new Map<string, ServerField>();
  const visible = visibleFields(catalogue, opts.permissions);
  for (const def of visible) fields.set(def.name.toLowerCase(), { def, expr: columns[def.name]! });
  const result: ServerCatalogue = {
    catalogue,
    fields,
    search: searchPlan(
      columns,
      visible.filter((d) => d.search && d.type !== 'integer' && d.type !== 'number').map((d) => d.name),
      visible.filter((d) => d.search && d.type === 'integer').map((d) => d.name),
    ),
    now: opts.now,
  };
  const context: TagContext | undefined = catalogue.tagContext;
  if (context && opts.tags && opts.tagValues) {
    const { table, rowId } = opts.tagValues;
    const allowed = opts.tags.filter(
      (t) => !opts.permissions || opts.permissions.can(tagViewPermission(context, t.id)),
    );
    const byName = new Map(allowed.map((t) => [t.name.toLowerCase(), t]));
    result.tagNames = allowed.map((t) => t.name);
    result.tag = (name) => {
      const tag = byName.get(name.toLowerCase());
      if (!tag) return undefined;
      const def = tagField(tag);
      if (def.type === 'enum' && def.values!.length === 0) def.type = 'string';
      return {
        def,
        tagId: tag.id,
        exists: (cond) =>
          sql`exists (select 1 from ${table} where ${table.entityId} = ${rowId} and ${table.tagId} = ${tag.id}::int and ${cond(typedTagValue(def, sql`${table.value}`))})`,
      };
    };
  }
  return result;
}

/**
 * SEARCH("…") for one list, prebuilt: per word, `(<text 1> ilike $a::text or … or <text n> ilike
 * $b::text[ or <int 1> = $c::int …])`, the same pattern bound once per text field (an OR chain stops
 * at the first field that matches, which one shared expression such as concat_ws cannot).
 *
 * Each field expression that carries no bound parameter (a column, a subquery over columns) is
 * rendered to SQL text here, once, so the text between two values is one string chunk; the values
 * are put into the chunk list as they are, which drizzle binds as parameters (`$n`) through its
 * cheapest path. Rendering the columns again for every word, and wrapping every value in a
 * `Param` (whose rendering checks its encoder against every column type), were most of the cost of
 * compiling a SEARCH. User text never becomes SQL text: only the catalogue's fields do.
 */
export interface SearchPlan {
  /** The chunk before each text pattern: `(<text 1> ilike `, `::text or <text 2> ilike `, …; empty when no text field. */
  text: SQLChunk[];
  /** Closes the text chain: `::text`. */
  textEnd: SQLChunk;
  /** The chunk before the number of each integer field, for words that are whole numbers: ` or <int> = `. */
  ids: SQLChunk[];
  /** The same when there is no text field: the first one without ` or `. */
  idsAlone: SQLChunk[];
}

/** Plans by column map, then by field names. */
const searchPlans = new WeakMap<object, Map<string, SearchPlan | undefined>>();
const dialect = new PgDialect();

/** `expr` as one string chunk when it binds no parameter (else the expression itself), between `before` and `after`. */
function prerendered(before: string, expr: SQL | AnyPgColumn, after: string): SQLChunk[] {
  const rendered = dialect.sqlToQuery(sql`${expr}`);
  return rendered.params.length === 0
    ? [new StringChunk(`${before}${rendered.sql}${after}`)]
    : [new StringChunk(before), expr, new StringChunk(after)];
}

function searchPlan(
  columns: Record<string, SQL | AnyPgColumn>,
  textNames: string[],
  idNames: string[],
): SearchPlan | undefined {
  let byNames = searchPlans.get(columns);
  if (!byNames) searchPlans.set(columns, (byNames = new Map()));
  const key = `${textNames.join('\n')}\t${idNames.join('\n')}`;
  if (byNames.has(key)) return byNames.get(key);
  let plan: SearchPlan | undefined;
  if (textNames.length > 0 || idNames.length > 0) {
    const text = textNames.map((name, i) => {
      const chunks = prerendered(i === 0 ? '' : '::text or ', columns[name]!, ' ilike ');
      return chunks.length === 1 ? chunks[0]! : sql.join(chunks);
    });
    const ids = (first: string) =>
      idNames.map((name, i) => {
        const chunks = prerendered(i === 0 ? first : ' or ', columns[name]!, ' = ');
        return chunks.length === 1 ? chunks[0]! : sql.join(chunks);
      });
    plan = { text, textEnd: new StringChunk('::text'), ids: ids(' or '), idsAlone: ids('') };
  }
  byNames.set(key, plan);
  return plan;
}

const OPEN = new StringChunk('(');
const CLOSE = new StringChunk(')');
const AND = new StringChunk(' and ');
const FALSE = new StringChunk('false');
const INT_CAST = new StringChunk('::int');

const NUMBER_TEXT = '^\\s*-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?\\s*$';

/** The jsonb tag value as the SQL type of its field (null when it does not fit). */
function typedTagValue(def: FieldDef, v: SQL): SQL {
  switch (def.type) {
    case 'number':
      return sql`(case jsonb_typeof(${v}) when 'number' then (${v} #>> '{}')::float8 when 'string' then (case when (${v} #>> '{}') ~ ${NUMBER_TEXT}::text then (${v} #>> '{}')::float8 end) end)`;
    case 'boolean':
      return sql`(case lower(${v} #>> '{}') when 'true' then true when 'false' then false end)`;
    default:
      return sql`(${v} #>> '{}')`;
  }
}

// ------------------------------------------------------------------ entry points

/**
 * Parses and compiles a query. Blank or missing text gives `undefined` (no filter). Any problem
 * with the query throws the language's own QueryError (with its position), which the HTTP edge
 * answers as 400 (server/http/errors.ts): the compiler knows nothing of HTTP.
 */
export function compileQuery(text: string | undefined, catalogue: ServerCatalogue): SQL | undefined {
  return parseAndCompile(text, catalogue).where;
}

/** Like compileQuery, also returning the AST (for lists whose defaults depend on the fields used). */
export function parseAndCompile(
  text: string | undefined,
  catalogue: ServerCatalogue,
): { ast: Expr | null; where: SQL | undefined } {
  if (text === undefined || text.trim() === '') return { ast: null, where: undefined };
  const ast = parseQuery(text);
  return { ast, where: ast ? compileAst(ast, catalogue) : undefined };
}

/** Compiles a parsed query; throws QueryError for unknown fields and type mismatches. */
export function compileAst(ast: Expr, catalogue: ServerCatalogue): SQL {
  return new Compiler(catalogue).expr(ast);
}

// ------------------------------------------------------------------ the compiler

type Target =
  | { kind: 'column'; def: FieldDef; expr: SQL | AnyPgColumn; ref: FieldRef }
  | { kind: 'tag'; def: FieldDef; tag: TagResolution; ref: FieldRef };

/** A literal ready for SQL: null, a typed parameter, or a whole day [from, to) for datetime fields. */
type Lit = { kind: 'null' } | { kind: 'scalar'; sql: SQL; raw: unknown } | { kind: 'day'; from: SQL; to: SQL };

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const DAY_MS = 86_400_000;
/** Instants PostgreSQL and ISO 8601 both write with four-digit years (the years 1–9999). */
const MAX_TIME_MS = MAX_DATE_MS;
const MIN_TIME_MS = MIN_DATE_MS;

/** The values a field of a type takes, as `mismatch` names them. */
const valuesOfType = (t: FieldDef['type']): QueryMessage => queryMessage(`valuesOfType.${t}`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A value as a message shows it: `the string "x"`, `the word Ready`; true, null and now() as written. */
function describeValue(v: Value): QueryMessage | string {
  switch (v.kind) {
    case 'string':
      return queryMessage('foundValue.string', { value: printValue(v) });
    case 'word':
      return queryMessage('foundValue.word', { value: v.value });
    case 'number':
      return queryMessage('foundValue.number', { value: printValue(v) });
    case 'date':
      return queryMessage('foundValue.date', { value: v.value });
    default:
      return printValue(v);
  }
}

/** A field's type as in "is an integer field". */
const fieldType = (t: FieldDef['type']): QueryMessage => queryMessage(`fieldTypes.${t}`);

/** The rows of a list (`sensors`), translated where the list is known; else its catalogue label as it is. */
function listName(entity: string, label: string): QueryMessage | string {
  const lists = QUERY_ERROR_TEXTS.lists;
  return Object.hasOwn(lists, entity) ? queryMessage(`lists.${entity as keyof typeof lists}`) : label;
}

/** The permissions of a rule, any one of which reveals a field: `a`, `a or b`, `a or b or c`. */
function anyOf(names: readonly string[]): string | QueryMessage {
  if (names.length <= 1) return names[0] ?? '';
  return queryMessage('either', { first: names[0]!, second: anyOf(names.slice(1)) });
}

/** The field as the user would write it: `status`, `tag."Roof type"`. */
function displayName(target: Target): string {
  return target.kind === 'tag'
    ? printField({ path: ['tag', target.def.name.slice(4)], span: target.ref.span })
    : target.def.name;
}

function levenshtein(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[n]!;
}

function suggest(name: string, candidates: string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = levenshtein(lower, c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(lower.length / 4)) ? best : undefined;
}

/** Field names for a message, folding the per-parameter families (pm1Value … pressureValue). */
function listFieldNames(names: string[], hasTags: boolean): string[] | QueryMessage {
  const params = MEASURED_PARAMS as readonly string[];
  const families = new Map<string, number>();
  const plain: string[] = [];
  for (const n of names) {
    const m = /^([a-z0-9]+?)(Value|Suspended|SuspendedFrom)$/.exec(n);
    if (m && params.includes(m[1]!)) families.set(m[2]!, (families.get(m[2]!) ?? 0) + 1);
    else plain.push(n);
  }
  const parts = [...plain, ...[...families.keys()].map((s) => `<param>${s}`)];
  if (hasTags) parts.push('tag.<name>');
  return families.size > 0 ? queryMessage('fieldsWithParams', { fields: parts, params }) : parts;
}

class Compiler {
  private readonly now: Date;

  constructor(private readonly cat: ServerCatalogue) {
    this.now = cat.now ?? new Date();
  }

  expr(e: Expr): SQL {
    switch (e.kind) {
      case 'or':
        return sql`(${this.expr(e.left)} or ${this.expr(e.right)})`;
      case 'and':
        return sql`(${this.expr(e.left)} and ${this.expr(e.right)})`;
      case 'not':
        // two-valued negation: rows where the condition is unknown (an empty field) match too
        return sql`((${this.expr(e.expr)}) is not true)`;
      case 'search':
        return this.search(e.text);
      case 'compare': {
        const negate = e.op === '!=' || e.op === '!~';
        const op = e.op === '!=' ? '=' : e.op === '!~' ? '~' : e.op;
        const cond = this.predicate(e.field, op, [e.value], e.op);
        return negate ? sql`((${cond}) is not true)` : cond;
      }
      case 'in': {
        const cond = this.predicate(e.field, 'in', e.values, e.negated ? 'not in' : 'in');
        return e.negated ? sql`((${cond}) is not true)` : cond;
      }
    }
  }

  // ---------------------------------------------------------------- SEARCH

  private search(text: string): SQL {
    const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 20);
    if (words.length === 0) return sql`true`;
    const plan = this.cat.search;
    // One flat chunk list: `((…word 1…) and (…word 2…))`; the values are bound as parameters.
    const chunks: unknown[] = [];
    if (words.length > 1) chunks.push(OPEN);
    for (const [w, word] of words.entries()) {
      if (w > 0) chunks.push(AND);
      const id = /^\d{1,9}$/.test(word) && plan && plan.ids.length > 0 ? Number(word) : undefined;
      if (!plan || (plan.text.length === 0 && id === undefined)) {
        chunks.push(FALSE);
        continue;
      }
      chunks.push(OPEN);
      if (plan.text.length > 0) {
        const pattern = `%${escapeLike(word)}%`;
        for (const piece of plan.text) chunks.push(piece, pattern);
        chunks.push(plan.textEnd);
      }
      if (id !== undefined)
        for (const piece of plan.text.length > 0 ? plan.ids : plan.idsAlone) chunks.push(piece, id, INT_CAST);
      chunks.push(CLOSE);
    }
    if (words.length > 1) chunks.push(CLOSE);
    return sql.fromList(chunks as SQLChunk[]);
  }

  // ---------------------------------------------------------------- fields

  private resolve(ref: FieldRef): Target {
    const name = fieldName(ref);
    const at = ref.span.start;
    const { catalogue } = this.cat;
    if (ref.path.length >= 2 && ref.path[0]!.toLowerCase() === 'tag' && catalogue.tagContext) {
      const tagName = ref.path.slice(1).join('.');
      const tag = this.cat.tag?.(tagName);
      if (tag) return { kind: 'tag', def: tag.def, tag, ref };
      const names = this.cat.tagNames ?? [];
      const hint = suggest(tagName, names);
      const values = {
        tag: JSON.stringify(tagName),
        position: at,
        ...(hint ? { suggestion: JSON.stringify(hint) } : {}),
        context: listName(catalogue.tagContext, catalogue.tagContext),
        tags: names.length ? names.map((n) => JSON.stringify(n)) : queryMessage('noTags'),
      };
      throw new QueryError(queryMessage(hint ? 'unknownTagSuggest' : 'unknownTag', values), at, {
        end: ref.span.end,
        expected: names.map((n) => `tag.${n}`),
      });
    }
    const field = this.cat.fields.get(name.toLowerCase());
    if (field) return { kind: 'column', def: field.def, expr: field.expr, ref };
    const hidden = catalogue.fields.find((d) => d.name.toLowerCase() === name.toLowerCase());
    if (hidden) {
      const rule = hidden.permission;
      const permission = anyOf(typeof rule === 'string' ? [rule] : (rule ?? []));
      throw new QueryError(queryMessage('hiddenField', { field: hidden.name, position: at, permission }), at, {
        end: ref.span.end,
      });
    }
    const names = [...this.cat.fields.values()].map((f) => f.def.name);
    const hint = suggest(name, names);
    const values = {
      field: JSON.stringify(name),
      position: at,
      ...(hint ? { suggestion: JSON.stringify(hint) } : {}),
      list: listName(catalogue.entity, catalogue.label),
      fields: listFieldNames(names, Boolean(this.cat.tag)),
    };
    throw new QueryError(queryMessage(hint ? 'unknownFieldSuggest' : 'unknownField', values), at, {
      end: ref.span.end,
      expected: names,
    });
  }

  // ---------------------------------------------------------------- predicates

  /**
   * The positive condition of `field <op> value(s)` (`=` and `in` take any number of values).
   * Negative operators are compiled by the caller as `(positive) is not true`.
   */
  private predicate(ref: FieldRef, op: Exclude<CompareOp, '!=' | '!~'> | 'in', values: Value[], written: string): SQL {
    const target = this.resolve(ref);
    const { def } = target;
    const name = displayName(target);
    const pos = ref.span.start;
    const eqOnly = def.type === 'boolean' || def.type === 'enum' || def.type === 'set';
    if (op === '~' && def.type !== 'string')
      throw new QueryError(
        queryMessage('textOperator', { op: written, field: name, position: pos, type: fieldType(def.type) }),
        pos,
        {
          end: ref.span.end,
          expected: ['=', '!=', 'in'],
        },
      );
    if ((op === '<' || op === '<=' || op === '>' || op === '>=') && eqOnly)
      throw new QueryError(
        queryMessage('compareOperator', { op: written, field: name, position: pos, type: fieldType(def.type) }),
        pos,
        {
          end: ref.span.end,
          expected: ['=', '!=', 'in', 'not in'],
        },
      );

    const lits = values.map((v) => this.literal(target, v, op));
    const nulls = lits.some((l) => l.kind === 'null');
    const nonNull = lits.filter((l) => l.kind !== 'null');

    if (op === '=' || op === 'in') {
      const parts: SQL[] = [];
      if (nonNull.length > 0) parts.push(this.apply(target, (x) => this.equalsAny(def, x, nonNull)));
      if (nulls) parts.push(this.isNull(target));
      return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
    }
    const lit = lits[0]!;
    if (lit.kind === 'null')
      throw new QueryError(
        queryMessage('nullOperator', { op: written, position: values[0]!.span.start }),
        values[0]!.span.start,
        { end: values[0]!.span.end },
      );
    if (op === '~') {
      const pattern = `%${escapeLike(String((lit as { raw: unknown }).raw))}%`;
      return this.apply(target, (x) => sql`${x} ilike ${pattern}::text`);
    }
    return this.apply(target, (x) => this.order(x, op, lit));
  }

  private apply(target: Target, cond: (x: SQL | AnyPgColumn) => SQL): SQL {
    return target.kind === 'column' ? cond(target.expr) : target.tag.exists((v) => cond(v));
  }

  private isNull(target: Target): SQL {
    return target.kind === 'column'
      ? sql`${target.expr} is null`
      : sql`(not ${target.tag.exists((v) => sql`${v} is not null`)})`;
  }

  private equalsAny(def: FieldDef, x: SQL | AnyPgColumn, lits: Lit[]): SQL {
    const parts: SQL[] = [];
    const scalars: SQL[] = [];
    for (const l of lits) {
      if (l.kind === 'day') parts.push(sql`(${x} >= ${l.from} and ${x} < ${l.to})`);
      else if (l.kind === 'scalar') {
        if (def.type === 'set') parts.push(sql`${x} @> ${JSON.stringify([l.raw])}::jsonb`);
        else scalars.push(l.sql);
      }
    }
    if (scalars.length === 1) parts.unshift(sql`${x} = ${scalars[0]!}`);
    else if (scalars.length > 1) parts.unshift(sql`${x} in (${sql.join(scalars, sql`, `)})`);
    return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
  }

  private order(x: SQL | AnyPgColumn, op: '<' | '<=' | '>' | '>=', lit: Lit): SQL {
    if (lit.kind === 'day') {
      // a whole day: before it, up to its end, after it, from its start
      if (op === '<') return sql`${x} < ${lit.from}`;
      if (op === '<=') return sql`${x} < ${lit.to}`;
      if (op === '>') return sql`${x} >= ${lit.to}`;
      return sql`${x} >= ${lit.from}`;
    }
    const v = (lit as { sql: SQL }).sql;
    switch (op) {
      case '<':
        return sql`${x} < ${v}`;
      case '<=':
        return sql`${x} <= ${v}`;
      case '>':
        return sql`${x} > ${v}`;
      case '>=':
        return sql`${x} >= ${v}`;
    }
  }

  // ---------------------------------------------------------------- values

  private mismatch(target: Target, v: Value, expected = valuesOfType(target.def.type)): never {
    const values = { expected, field: displayName(target), position: v.span.start, found: describeValue(v) };
    throw new QueryError(queryMessage('mismatch', values), v.span.start, {
      end: v.span.end,
      expected: [expected.en],
    });
  }

  private instant(v: Value): { ms: number; dateOnly: boolean } | undefined {
    if (v.kind === 'now') {
      const offset = v.offset ? v.offset.sign * v.offset.amount * DURATION_UNIT_MS[v.offset.unit] : 0;
      const ms = this.now.getTime() + offset;
      if (!Number.isFinite(ms) || ms > MAX_TIME_MS || ms < MIN_TIME_MS)
        throw new QueryError(queryMessage('durationTooLarge', { position: v.span.start }), v.span.start, {
          end: v.span.end,
        });
      return { ms, dateOnly: false };
    }
    if (v.kind === 'date' || v.kind === 'string') {
      const parsed = parseIsoDate(v.value);
      if (!parsed) return undefined;
      return { ms: parsed.date.getTime(), dateOnly: parsed.dateOnly };
    }
    return undefined;
  }

  private literal(target: Target, v: Value, op: string): Lit {
    const { def } = target;
    if (v.kind === 'null') return { kind: 'null' };
    switch (def.type) {
      case 'integer': {
        if (v.kind !== 'number') return this.mismatch(target, v);
        if (!Number.isInteger(v.value)) return this.mismatch(target, v);
        if (v.value < INT_MIN || v.value > INT_MAX)
          return this.mismatch(target, v, queryMessage('valuesOfType.integerRange', { min: INT_MIN, max: INT_MAX }));
        return { kind: 'scalar', sql: sql`${v.value}::int`, raw: v.value };
      }
      case 'number': {
        if (v.kind !== 'number') return this.mismatch(target, v);
        return { kind: 'scalar', sql: sql`${v.value}::float8`, raw: v.value };
      }
      case 'string': {
        let text: string;
        if (v.kind === 'string' || v.kind === 'word' || v.kind === 'date') text = v.value;
        else if (v.kind === 'number') text = printValue(v);
        else return this.mismatch(target, v);
        return { kind: 'scalar', sql: sql`${text}::text`, raw: text };
      }
      case 'boolean': {
        if (v.kind === 'boolean') return { kind: 'scalar', sql: sql`${v.value}::boolean`, raw: v.value };
        if ((v.kind === 'word' || v.kind === 'string') && /^(true|false)$/i.test(v.value)) {
          const b = v.value.toLowerCase() === 'true';
          return { kind: 'scalar', sql: sql`${b}::boolean`, raw: b };
        }
        return this.mismatch(target, v);
      }
      case 'enum':
      case 'set': {
        const allowed = def.values ?? [];
        if (v.kind !== 'word' && v.kind !== 'string' && v.kind !== 'number') return this.mismatch(target, v);
        const text = v.kind === 'number' ? printValue(v) : v.value;
        const match = allowed.find((a) => a === text) ?? allowed.find((a) => a.toLowerCase() === text.toLowerCase());
        if (match === undefined)
          throw new QueryError(
            queryMessage('unknownValue', {
              value: JSON.stringify(text),
              field: displayName(target),
              position: v.span.start,
              values: allowed,
            }),
            v.span.start,
            {
              end: v.span.end,
              expected: [...allowed],
            },
          );
        return { kind: 'scalar', sql: sql`${match}::text`, raw: match };
      }
      case 'date': {
        const t = this.instant(v);
        if (!t) return this.mismatch(target, v);
        const day = new Date(t.ms).toISOString().slice(0, 10);
        return { kind: 'scalar', sql: sql`${day}::date`, raw: day };
      }
      case 'datetime': {
        const t = this.instant(v);
        if (!t) return this.mismatch(target, v);
        if (t.dateOnly && op !== '~') {
          const from = new Date(t.ms).toISOString();
          const to = new Date(Math.min(t.ms + DAY_MS, MAX_TIME_MS)).toISOString();
          return { kind: 'day', from: sql`${from}::timestamptz`, to: sql`${to}::timestamptz` };
        }
        const iso = new Date(t.ms).toISOString();
        return { kind: 'scalar', sql: sql`${iso}::timestamptz`, raw: iso };
      }
    }
  }
}
