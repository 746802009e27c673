/**
 * Reads the console's sources with the TypeScript compiler and reports (a) the translation keys they
 * use and (b) user-facing English written in the code instead of a catalogue. Shared by the i18n
 * tests; not a test itself.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

/** Props and object properties whose string value is shown to the user. */
const USER_FACING_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'helperText',
  'aria-label',
  'alt',
  'emptyText',
  'confirmTitle',
  'confirmContent',
  'content',
  'confirm',
  'cancel',
  'tooltip',
  'noOptionsText',
  'loadingText',
  'primary',
  'secondary',
  'message',
  'description',
  'empty',
  'text',
  'heading',
  'subheader',
  'labelRowsPerPage',
  'reason',
  'subtitle',
]);

/** As object properties these name colours and slots (`palette.primary`), not texts. */
const NOT_TEXT_PROPERTIES = new Set(['primary', 'secondary', 'content']);

/** Calls whose first argument is a message shown to the user (a key, or — wrongly — English). */
const MESSAGE_CALLS = new Set(['notify', 'success', 'notifySuccess', 'translate']);

/** Errors whose message the console shows (translated as a key): `new PopupError('aq.login.popupBlocked')`. */
const MESSAGE_ERRORS = new Set(['PopupError']);

/** Variables named like a message hold one (`REVOKED_MESSAGE`, `emptyText`). */
const MESSAGE_VARIABLE = /(message|text|label|title|tip|placeholder|notice)s?$/i;

/** A translation key: dotted identifiers, no spaces (`aq.pages.roles.title`, `resources.sensors/tags.name`). */
export const KEY_PATTERN = /^[a-z][\w-]*(\.[\w/%{}-]+)+$/;

/**
 * Text that is not English to translate: units, symbols, codes and the product's name. Keep tiny;
 * anything with a word in it belongs in src/i18n/en.ts.
 */
export const ALLOWED_TEXT = new Set(['AQ Console', 'ID', 'A', 'B', 'C', 'OK', 'CSV', 'JSON', 'QR', 'GSM', 'NBIOT']);

/** English: two letters in a row, after stripping interpolations. */
/** A key, possibly built: `aq.actions.${action}`, `${prefix}.saved`. */
export const isKeyLike = (text: string) => KEY_PATTERN.test(text.replace(/\$\{[^}]*\}/g, 'x'));

function hasWords(text: string): boolean {
  if (isKeyLike(text.trim())) return false;
  const t = text.replace(/\$\{[^}]*\}/g, ' ').trim();
  if (t === '' || ALLOWED_TEXT.has(t)) return false;
  return /[A-Za-z]{2,}/.test(t);
}

export interface Finding {
  file: string;
  line: number;
  text: string;
  where: string;
}

export function sourceFiles(dir = SRC, exts = ['.ts', '.tsx']): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path, exts));
    else if (exts.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

function calleeName(call: ts.CallExpression): string | undefined {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

function propName(name: ts.PropertyName | ts.JsxAttributeName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName?.(name)) return `${name.namespace.text}:${name.name.text}`;
  return undefined;
}

/** The literal texts an expression can evaluate to (through ternaries, `??`, `||`, parentheses). */
function literalTexts(node: ts.Expression): { text: string; node: ts.Node }[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ text: node.text, node }];
  if (ts.isTemplateExpression(node)) {
    const text = node.head.text + node.templateSpans.map((s) => '${…}' + s.literal.text).join('');
    return [{ text, node }];
  }
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  // `{ … } as const`, `{ … } satisfies T`, `<T>x`, `x!`: the expression inside.
  if (
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isNonNullExpression(node)
  )
    return literalTexts(node.expression);
  // `(id) => \`Restart sensor ${id}\``: the text an arrow function returns.
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return literalTexts(node.body);
  // `{ sensors: 'Tags for Sensors', … }` held by a message table.
  if (ts.isObjectLiteralExpression(node))
    return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? literalTexts(p.initializer) : []));
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.PlusToken].includes(
      node.operatorToken.kind,
    )
  )
    return [...literalTexts(node.left), ...literalTexts(node.right)];
  return [];
}

/** Hard-coded user-facing English in one file. */
export function findHardCoded(file: string): Finding[] {
  const sf = parse(file);
  const rel = relative(ROOT, file);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (!hasWords(text)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file: rel, line, text: text.trim().replace(/\s+/g, ' '), where });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      for (const t of literalTexts(node.expression)) report(t.node, t.text, 'JSX text');
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = propName(node.name);
      if (name && USER_FACING_PROPS.has(name)) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(init, init.text, `${name}=`);
        else if (ts.isJsxExpression(init) && init.expression)
          for (const t of literalTexts(init.expression)) report(t.node, t.text, `${name}=`);
      }
    } else if (ts.isPropertyAssignment(node)) {
      const name = propName(node.name);
      if (name && USER_FACING_PROPS.has(name) && !NOT_TEXT_PROPERTIES.has(name))
        for (const t of literalTexts(node.initializer)) report(t.node, t.text, `${name}:`);
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name && MESSAGE_CALLS.has(name) && node.arguments[0])
        for (const t of literalTexts(node.arguments[0])) report(t.node, t.text, `${name}()`);
    } else if (ts.isNewExpression(node)) {
      const name = ts.isIdentifier(node.expression) ? node.expression.text : undefined;
      if (name && MESSAGE_ERRORS.has(name) && node.arguments?.[0])
        for (const t of literalTexts(node.arguments[0])) report(t.node, t.text, `new ${name}()`);
    } else if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name)) {
      if (MESSAGE_VARIABLE.test(node.name.text))
        for (const t of literalTexts(node.initializer)) report(t.node, t.text, `${node.name.text} =`);
    } else if (ts.isReturnStatement(node) && node.expression) {
      // A render helper's text (`return 'INVALID TYPE'`): words with a space between them, not a URL.
      for (const t of literalTexts(node.expression)) if (isPhrase(t.text)) report(t.node, t.text, 'return');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Words with a space between them (interpolations aside), and not an address: a sentence or a label. */
const isPhrase = (text: string) =>
  /[A-Za-z]{2,} +[A-Za-z]/.test(text.replace(/\$\{[^}]*\}/g, ' ')) && !/^(\/|https?:)/.test(text.trim());

/**
 * English that shared code (common/) returns to its callers — a rule's message, a label — instead of
 * a key the console can translate: texts of two or more words in `return` statements and in the
 * bodies of arrow functions (objects returned whole included). Single words there are identifiers
 * (`${p}Value`, `kind: 'field'`). Tables of English that a catalogue takes as its source
 * (`VALIDATION_TEXTS`) are not returned, so they pass.
 */
const TWO_WORDS = /[A-Za-z]{2,}[^\w$]+[A-Za-z]/;

export function findReturnedText(file: string): Finding[] {
  const sf = parse(file);
  const rel = relative(ROOT, file);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (!hasWords(text) || !TWO_WORDS.test(text.replace(/\$\{[^}]*\}/g, 'x'))) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file: rel, line, text: text.trim().replace(/\s+/g, ' '), where });
  };
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression)
      for (const t of literalTexts(node.expression)) report(t.node, t.text, 'return');
    else if (ts.isArrowFunction(node) && !ts.isBlock(node.body))
      for (const t of literalTexts(node.body)) report(t.node, t.text, '=>');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

export interface KeyUse {
  file: string;
  line: number;
  /** The key, or for a built key its pattern with `*` for each interpolation (`aq.actions.*`). */
  key: string;
  dynamic: boolean;
}

/** Static translation keys used in one file: arguments of translate/notify and key-shaped labels. */
export function findKeys(file: string): KeyUse[] {
  const sf = parse(file);
  const rel = relative(ROOT, file);
  const keys: KeyUse[] = [];
  const add = (node: ts.Node, key: string, dynamic: boolean) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    keys.push({ file: rel, line, key, dynamic });
  };
  const consider = (expr: ts.Expression) => {
    for (const t of literalTexts(expr)) {
      if (t.text.includes('%{') || !isKeyLike(t.text)) continue;
      const dynamic = t.text.includes('${');
      add(t.node, dynamic ? t.text.replace(/\$\{[^}]*\}/g, '*') : t.text, dynamic);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name && MESSAGE_CALLS.has(name) && node.arguments[0]) consider(node.arguments[0]);
    } else if (ts.isNewExpression(node)) {
      const name = ts.isIdentifier(node.expression) ? node.expression.text : undefined;
      if (name && MESSAGE_ERRORS.has(name) && node.arguments?.[0]) consider(node.arguments[0]);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = propName(node.name);
      if (name && (USER_FACING_PROPS.has(name) || /Key$/.test(name))) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) consider(init);
        else if (ts.isJsxExpression(init) && init.expression) consider(init.expression);
      }
    } else if (ts.isPropertyAssignment(node)) {
      const name = propName(node.name);
      if (name && (USER_FACING_PROPS.has(name) || /Key$/.test(name))) consider(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return keys;
}

/** Reads a dotted key; resource names may contain '/' (never '.'), so `resources.<name>` is split first. */
export function lookup(messages: unknown, key: string): unknown {
  const m = /^resources\.([^.]+)\.(.*)$/.exec(key);
  const parts = m ? ['resources', m[1]!, ...m[2]!.split('.')] : key.split('.');
  return parts.reduce<unknown>(
    (acc, k) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[k] : undefined),
    messages,
  );
}

/** Every leaf of a catalogue as `[dotted key, message]`. */
export function leaves(messages: unknown, prefix = ''): [string, string][] {
  if (typeof messages === 'string') return [[prefix, messages]];
  if (!messages || typeof messages !== 'object') return [];
  return Object.entries(messages).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
