/**
 * The JSON form of an entity declaration (./types.ts), as a zod schema: a `*.json` file of
 * RESOURCES_DIR is parsed by it at start, and `tests/unit/declSchema.test.ts` checks that every
 * TypeScript declaration of ENTITIES passes it too, so the two forms cannot drift apart.
 *
 * A JSON file may leave out what a configured resource always has the same way (service,
 * endpoint, envelope, list query style, route name): `completeDeclaration` fills them in.
 * Permission names are plain strings here; names the catalogue does not know are the resource's
 * own and get registered (common/permissions.ts `registerPermissions`).
 */
import { z } from 'zod';
import { TAG_CONTEXTS } from '../domain';
import { CONFIGURED_SERVICE, FIELD_TYPES, MENU_GROUPS, MENU_ICON_NAMES, type EntityDecl } from './types';

const SERVICES = ['main', 'adp', 'apiusers', 'gsm', 'wifi', 'gen3', CONFIGURED_SERVICE] as const;

const ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'export',
  'changeStatus',
  'restart',
  'halt',
  'history',
  'logout',
  'reinstall',
  'suspend',
  'unsuspend',
  'listAll',
  'createAny',
  'deleteAny',
  'viewAll',
] as const;

/** A permission name: lower-case words joined by underscores, or a per-record pattern (`view_sensor_tag_<n>`). */
export const PERMISSION_NAME = /^[a-z][a-z0-9_]*(<n>)?$/;

const permissionName = z
  .string()
  .regex(PERMISSION_NAME, 'a permission name is lower-case letters, digits and underscores (e.g. view_visits)');
const permissionRule = z.union([permissionName, z.array(permissionName).min(1)]);

export const fieldDeclSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'a field name is letters, digits and underscores'),
  type: z.enum(FIELD_TYPES),
  label: z.string().min(1),
  description: z.string().optional(),
  values: z.array(z.string().min(1)).min(1).optional(),
  permission: permissionRule.optional(),
  edit: permissionRule.optional(),
  sortable: z.boolean().optional(),
  search: z.boolean().optional(),
  query: z.boolean().optional(),
  column: z.union([z.boolean(), z.literal('optional')]).optional(),
  csv: z.boolean().optional(),
  source: z.string().optional(),
  inRow: z.boolean().optional(),
  labelPl: z.string().min(1).optional(),
  descriptionPl: z.string().optional(),
  form: z.union([z.boolean(), z.literal('create')]).optional(),
  required: z.boolean().optional(),
  maxLength: z.number().int().positive().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional(),
  reference: z.string().optional(),
});

export const entityDeclSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9]*([-/][a-z0-9]+)*$/, 'a resource name is lower-case words joined by hyphens'),
    label: z.string().min(1),
    labelPl: z.string().min(1).optional(),
    labelOne: z.string().min(1).optional(),
    labelOnePl: z.string().min(1).optional(),
    service: z.enum(SERVICES).optional(),
    endpoint: z
      .string()
      .regex(/^\/[A-Za-z0-9/_-]*$/)
      .optional(),
    envelope: z.strictObject({ rows: z.string(), total: z.string().optional() }).optional(),
    listQuery: z.enum(['main', 'paged', 'plain']).optional(),
    access: z.partialRecord(z.enum(ACTIONS), permissionRule),
    fields: z.array(fieldDeclSchema).min(1),
    search: z.enum(['plain', 'advanced']).optional(),
    query: z.strictObject({ entity: z.string().min(1), label: z.string().min(1) }).optional(),
    tagContext: z.enum(TAG_CONTEXTS).optional(),
    sort: z.strictObject({ field: z.string(), order: z.enum(['ASC', 'DESC']) }).optional(),
    perPage: z.number().int().positive().optional(),
    perPageOptions: z.array(z.number().int().positive()).optional(),
    route: z
      .strictObject({
        name: z.string().min(1).optional(),
        menu: z
          .strictObject({
            group: z.enum(MENU_GROUPS),
            icon: z.enum(MENU_ICON_NAMES),
            badge: z.literal('openRequests').optional(),
          })
          .optional(),
      })
      .optional(),
    storage: z.strictObject({ table: z.string().min(1) }).optional(),
    remote: z
      .strictObject({
        url: z.url({ protocol: /^https?$/, error: 'the remote url is an http(s) URL' }),
        credentialEnv: z
          .string()
          .regex(/^[A-Z][A-Z0-9_]*$/, 'an environment variable name (upper-case, digits, underscores)')
          .optional(),
        timeoutMs: z.number().int().min(100).max(120_000).optional(),
        dialect: z.enum(['json-server', 'simple-rest']).optional(),
      })
      .optional(),
  })
  .superRefine((decl, ctx) => {
    const names = new Set<string>();
    decl.fields.forEach((f, i) => {
      if (names.has(f.name))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: `field "${f.name}" is declared twice` });
      names.add(f.name);
      if ((f.type === 'enum' || f.type === 'set') && !f.values?.length)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'values'], message: `an ${f.type} field lists its values` });
      if (f.pattern !== undefined) {
        try {
          new RegExp(f.pattern);
        } catch {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'pattern'], message: 'not a valid regular expression' });
        }
      }
      if (f.min !== undefined && f.max !== undefined && f.min > f.max)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'min'], message: 'min is larger than max' });
    });
    if (decl.sort && !names.has(decl.sort.field))
      ctx.addIssue({ code: 'custom', path: ['sort', 'field'], message: `no field is named "${decl.sort.field}"` });
    if (decl.storage && decl.remote)
      ctx.addIssue({
        code: 'custom',
        path: ['remote'],
        message: 'a resource is either stored (storage) or proxied (remote), not both',
      });
  });

export type EntityDeclJson = z.infer<typeof entityDeclSchema>;

/** A zod issue path as text, with the field's name beside its index: `fields[2] (kind).values`. */
export function issuePath(path: readonly PropertyKey[], input: unknown): string {
  const fields = (input as { fields?: { name?: unknown }[] } | undefined)?.fields;
  let text = '';
  path.forEach((key, i) => {
    if (typeof key === 'number') {
      text += `[${key}]`;
      const name = path[i - 1] === 'fields' && i === 1 ? fields?.[key]?.name : undefined;
      if (typeof name === 'string') text += ` (${name})`;
    } else text += (text ? '.' : '') + String(key);
  });
  return text || '(the whole declaration)';
}

/** Why a value is not a declaration, one line per problem naming the field path; empty when it is one. */
export function declarationProblems(input: unknown): string[] {
  const parsed = entityDeclSchema.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issuePath(issue.path, input)}: ${issue.message}`);
}

/**
 * A parsed JSON declaration as an EntityDecl of a configured resource: served by the `resources`
 * service at `/<name>` in the simple REST dialect (rows are the body, the total in Content-Range).
 */
export function completeDeclaration(decl: EntityDeclJson): EntityDecl {
  const route = decl.route ?? {};
  return {
    ...decl,
    service: decl.service ?? CONFIGURED_SERVICE,
    endpoint: decl.endpoint ?? `/${decl.name}`,
    envelope: decl.envelope ?? { rows: '' },
    listQuery: decl.listQuery ?? 'main',
    // A stored resource is served through the query-language list builder: it always has a catalogue.
    ...(decl.storage && !decl.query ? { query: { entity: decl.name, label: decl.label.toLowerCase() } } : {}),
    route: {
      ...route,
      name: route.name ?? `${decl.name.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase())}Index`,
    },
  } as unknown as EntityDecl;
}
