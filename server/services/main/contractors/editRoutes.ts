/**
 * Adding and editing contractors (document 2, sections 2.5, 3, 6, 7): POST /contractors (multipart:
 * name, type, a logo file or one of the default logos, link, hsId, hsName), PATCH /contractors/{id},
 * PATCH /contractors/{id}/logo (multipart file), PATCH /contractors/{id}/tags/{tagId}, the default
 * logos, and the CRM company-name lookup. The CRM fields need edit_contractor_company; logos are
 * JPEG, PNG or WebP recognised by content. Every change is audited.
 */
import { z } from 'zod';
import { CONTRACTOR_TYPES } from '../../../../common/domain';
import { CONTRACTOR_LIMITS, MESSAGES, crmId, webLink } from '../../../../common/validation';
import type { PermissionSet } from '../../../../common/permissions';
import { audit } from '../../../audit';
import type { Executor } from '../../../db';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { idParam, idParams } from '../../../http/schemas';
import type { ServiceRoutes } from '../../../http/service';
import { readUpload } from '../../../http/uploads';
import { crmFor } from '../../../crm';
import { tagValueSchema } from '../sensors/schemas';
import { fileLink, imageTypeOf, type FileStore } from '../../../storage/files';
import { assertTagEditable, writeTagValue } from '../valueEdits';
import {
  DEFAULT_LOGO_NAMES,
  defaultLogoSvg,
  defaultLogoUrl,
  type DefaultLogoName,
} from '../../../storage/defaultLogos';
import { insertContractor, loadContractorRow, updateContractor, type ContractorRow } from './repository';

const TAGS = ['contractors'];
const NAME_MAX = CONTRACTOR_LIMITS.name;
const LINK_MAX = CONTRACTOR_LIMITS.link;
/** CRM company ids are numbers of up to 20 digits. */
const CRM_ID = new RegExp(`^\\d{1,${CONTRACTOR_LIMITS.crmId}}$`);

const contractorFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, MESSAGES.required.en)
    .max(NAME_MAX, MESSAGES.shorter(NAME_MAX + 1).en),
  type: z.enum(CONTRACTOR_TYPES, { error: `type must be one of ${CONTRACTOR_TYPES.join(', ')}` }),
  link: z
    .string()
    .trim()
    .max(LINK_MAX, MESSAGES.shorter(LINK_MAX + 1).en)
    .refine((v) => !webLink(v), `link: ${MESSAGES.link.en}`)
    .nullable()
    .optional(),
  hsId: z
    .string()
    .trim()
    .refine((v) => !crmId(v), `hsId: ${MESSAGES.crmId.en}`)
    .nullable()
    .optional(),
  hsName: z
    .string()
    .trim()
    .max(NAME_MAX, MESSAGES.shorter(NAME_MAX + 1).en)
    .nullable()
    .optional(),
});
type ContractorFields = z.infer<typeof contractorFields>;

const contractorOut = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  logo: z.string().nullable(),
  link: z.string().nullable(),
  hsId: z.string().nullable(),
  hsName: z.string().nullable(),
});

const blank = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The CRM fields may be set only with edit_contractor_company. */
function crmChange(fields: ContractorFields, permissions: PermissionSet) {
  const wants = blank(fields.hsId) !== null || blank(fields.hsName) !== null;
  if (wants && !permissions.can('edit_contractor_company'))
    throw forbidden('You need the edit_contractor_company permission to set the CRM company');
  return { hsId: blank(fields.hsId), hsName: blank(fields.hsName) };
}

async function storeLogo(files: FileStore, tx: Executor, bytes: Buffer, filename: string) {
  return fileLink((await files.put(tx, 'logo', bytes, imageTypeOf('logo', bytes), filename)).key);
}

async function loadContractor(db: Executor, id: number, lock = false) {
  const row = await loadContractorRow(db, id, lock);
  if (!row) throw notFound(`Contractor ${id} does not exist`);
  return row;
}

const out = (r: ContractorRow) => ({
  id: r.id,
  name: r.name,
  type: r.type,
  logo: r.logo,
  link: r.link,
  hsId: r.hsId,
  hsName: r.hsName,
});

export const contractorEditRoutes: ServiceRoutes = (app, ctx) => {
  const { db, files } = ctx;
  const crm = crmFor(ctx.config, db);

  app.get(
    '/contractors/default-logos',
    {
      config: { permission: ['view_contractors', 'add_contractors'] },
      schema: {
        summary: 'The default logos a new contractor may take instead of an uploaded file',
        tags: TAGS,
        response: {
          200: z.object({ data: z.object({ logos: z.array(z.object({ name: z.string(), url: z.string() })) }) }),
        },
      },
    },
    async () => ({ data: { logos: DEFAULT_LOGO_NAMES.map((name) => ({ name, url: defaultLogoUrl(name) })) } }),
  );

  app.get(
    '/contractors/default-logos/:file',
    {
      config: { public: true },
      schema: {
        summary: 'One default logo (SVG)',
        tags: TAGS,
        security: [],
        params: z.object({ file: z.string().regex(/^[a-z]+\.svg$/, 'A logo file such as leaf.svg') }),
      },
    },
    async (request, reply) => {
      const name = request.params.file.replace(/\.svg$/, '') as DefaultLogoName;
      if (!DEFAULT_LOGO_NAMES.includes(name)) throw notFound(`No default logo named ${name}`);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(defaultLogoSvg(name));
    },
  );

  app.post(
    '/contractors',
    {
      config: { permission: 'add_contractors' },
      schema: {
        summary: 'Add a contractor (multipart: name, type, file or logo, link, hsId, hsName)',
        description: `logo names a default logo (${DEFAULT_LOGO_NAMES.join(', ')}); a file (JPEG, PNG or WebP, at most 2 MiB) wins over it.`,
        tags: TAGS,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: z.object({ contractor: contractorOut }) }) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'logo', 'file', true);
      const parsed = contractorFields.safeParse(upload.fields);
      if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message).join('; '));
      const fields = parsed.data;
      const { hsId, hsName } = crmChange(fields, request.principal.permissions);
      const logoName = upload.fields.logo?.trim();
      if (!upload.bytes && logoName && !DEFAULT_LOGO_NAMES.includes(logoName as DefaultLogoName))
        throw badRequest(`logo must be one of ${DEFAULT_LOGO_NAMES.join(', ')}`);
      const created = await db.transaction(async (tx) => {
        const logo = upload.bytes
          ? await storeLogo(files, tx, upload.bytes, upload.filename)
          : logoName
            ? defaultLogoUrl(logoName as DefaultLogoName)
            : null;
        const row = await insertContractor(tx, {
          name: fields.name,
          type: fields.type,
          link: blank(fields.link),
          logo,
          hsId,
          hsName,
        });
        await audit(
          tx,
          request.principal.actor,
          'ContractorCreated',
          `Contractor ${row.id} "${row.name}" (${row.type}) added`,
        );
        return row;
      });
      return reply.status(201).send({ data: { contractor: out(created) } });
    },
  );

  app.patch(
    '/contractors/:id',
    {
      config: { permission: 'edit_contractors' },
      schema: {
        summary: 'Edit a contractor (name, type, link; hsId and hsName with edit_contractor_company)',
        tags: TAGS,
        params: idParams,
        body: contractorFields,
        response: { 200: z.object({ data: z.object({ contractor: contractorOut }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const fields = request.body;
      return db.transaction(async (tx) => {
        const before = await loadContractor(tx, id, true);
        const crmAllowed = request.principal.permissions.can('edit_contractor_company');
        const crmValues = { hsId: blank(fields.hsId), hsName: blank(fields.hsName) };
        const crmChanged = crmValues.hsId !== before.hsId || crmValues.hsName !== before.hsName;
        // Without the CRM permission the CRM fields are kept as they are (the form does not show them).
        const sentCrm = fields.hsId !== undefined || fields.hsName !== undefined;
        if (sentCrm && crmChanged && !crmAllowed)
          throw forbidden('You need the edit_contractor_company permission to change the CRM company');
        const row = await updateContractor(tx, id, {
          name: fields.name,
          type: fields.type,
          link: blank(fields.link),
          ...(sentCrm && crmAllowed ? crmValues : {}),
        });
        await audit(tx, request.principal.actor, 'ContractorUpdated', `Contractor ${id} "${row.name}" updated`);
        return { data: { contractor: out(row) } };
      });
    },
  );

  app.patch(
    '/contractors/:id/logo',
    {
      config: { permission: 'edit_contractors' },
      schema: {
        summary: "Replace the contractor's logo (multipart file: JPEG, PNG or WebP, at most 2 MiB)",
        tags: TAGS,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ data: z.object({ id: z.number().int(), logo: z.string() }) }) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const upload = await readUpload(request, 'logo');
      return db.transaction(async (tx) => {
        await loadContractor(tx, id, true);
        const logo = await storeLogo(files, tx, upload.bytes!, upload.filename);
        await updateContractor(tx, id, { logo });
        await audit(tx, request.principal.actor, 'ContractorLogoChanged', `Contractor ${id}: logo replaced`);
        return { data: { id, logo } };
      });
    },
  );

  app.patch(
    '/contractors/:id/tags/:tagId',
    {
      config: { permission: ['edit_tags', 'edit_contractor_tags', 'edit_contractor_tag_<n>'] },
      schema: {
        summary: 'Set (or with null clear) the value of a contractor tag',
        tags: TAGS,
        params: z.object({ id: idParam, tagId: idParam }),
        body: z.object({ value: tagValueSchema }),
        response: { 200: z.object({ data: z.object({ tagId: z.number().int(), value: tagValueSchema }) }) },
      },
    },
    async (request) => {
      const { id, tagId } = request.params;
      assertTagEditable(request.principal.permissions, 'contractors', tagId);
      return db.transaction(async (tx) => {
        await loadContractor(tx, id, true);
        const { value, message } = await writeTagValue(tx, 'contractors', id, tagId, request.body.value);
        await audit(tx, request.principal.actor, 'ContractorTagChanged', `Contractor ${id}: ${message}`);
        return { data: { tagId, value } };
      });
    },
  );

  app.get(
    '/hubspot/contractors/:id/name',
    {
      config: { permission: ['add_contractors', 'edit_contractors', 'edit_contractor_company'] },
      schema: {
        summary: 'The CRM company name of a CRM company id (the configured CRM, or this backend’s own records)',
        tags: TAGS,
        params: z.object({ id: z.string().regex(CRM_ID, 'The CRM company id is a number') }),
        response: { 200: z.object({ data: z.object({ id: z.string(), name: z.string() }) }) },
      },
    },
    async (request) => {
      const name = await crm.companyName(request.params.id);
      if (name === null) throw notFound(`No CRM company with id ${request.params.id}`);
      return { data: { id: request.params.id, name } };
    },
  );
};
