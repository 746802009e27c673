/**
 * The one input-sanitising rule for text, applied at the edge to every route: path parameters,
 * query strings and parsed bodies must not carry a NUL character (PostgreSQL cannot store it in
 * text or jsonb) nor an unpaired UTF-16 surrogate (not encodable as UTF-8; jsonb rejects it), in
 * values or in object keys, and must not nest deeper than MAX_INPUT_DEPTH. A violation is a 400
 * naming the field, before validation and before any handler runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './errors';

/** Deeper JSON than this is refused (no legitimate request nests anywhere near it). */
export const MAX_INPUT_DEPTH = 32;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a piece of text, or undefined when it is acceptable. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired UTF-16 surrogates (invalid Unicode)';
  return undefined;
}

export interface InputProblem {
  /** Dotted path of the field, e.g. `tags.0.value`; empty for the whole value. */
  path: string;
  message: string;
}

/** The first unsafe string (value or key) in a parsed input, walked without recursion. */
export function findInputProblem(input: unknown): InputProblem | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path: path.join('.'), message: problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH)
      return { path: path.join('.'), message: `must not nest deeper than ${MAX_INPUT_DEPTH} levels` };
    // Buffers (raw bodies, uploads) are bytes, not text.
    if (Buffer.isBuffer(value)) continue;
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: [...path, printableKey(key)].join('.'), message: `has a key that ${keyProblem}` };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** A key fit for an error message: the offending characters shown as escapes. */
function printableKey(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}

/** Throws the 400 for the first unsafe string in `input`; `where` names the part (`body`, `querystring`…). */
export function assertSafeInput(input: unknown, where: string): void {
  const problem = findInputProblem(input);
  if (!problem) return;
  throw badRequest(`Invalid ${where}: ${problem.path || 'the value'} ${problem.message}`);
}

/** Installs the rule for every route registered after it. */
export function installInputSanitizer(app: FastifyInstance): void {
  // A callback hook (a throw is the hook's error): an async one costs a promise on every request.
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    assertSafeInput(request.params, 'params');
    assertSafeInput(request.query, 'querystring');
    assertSafeInput(request.body, 'body');
    done();
  });
}
