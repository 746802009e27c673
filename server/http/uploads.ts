/**
 * Reads uploaded files from a multipart request, enforcing the per-kind size limit. A body the
 * multipart parser cannot read (no boundary, cut short, broken part headers) is a 400.
 */
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { UPLOAD_LIMITS, type UploadKind } from '../../common/domain';
import { HttpError, badRequest } from './errors';
import { assertSafeInput } from './sanitize';

export interface Upload {
  bytes: Buffer;
  filename: string;
  contentType: string;
  /** Other (non-file) multipart fields, as strings. */
  fields: Record<string, string>;
}

const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;

/** What the parser's own error means, for the 400 (its stream errors carry no status of their own). */
function malformed(err: { code?: string; message?: string }): HttpError {
  const text = err.message ?? '';
  if (/boundary not found/i.test(text))
    return badRequest('Malformed multipart body: the Content-Type header has no boundary');
  if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || /unexpected end|terminated early/i.test(text))
    return badRequest('Malformed multipart body: it ends before its closing boundary (an incomplete upload?)');
  return badRequest(`Malformed multipart body${text ? ` (${text})` : ''}`);
}

/**
 * Runs `onPart` over every part of the body. Errors with a status (a file over the limit, too many
 * parts, a refused field name, the handler's own) pass through; anything else the parser raised is
 * a malformed body.
 */
async function eachPart(
  request: FastifyRequest,
  limit: number,
  onPart: (part: Multipart) => Promise<void> | void,
): Promise<void> {
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 4, fields: 40 } })) await onPart(part);
  } catch (err) {
    const e = err as { statusCode?: unknown; code?: string; message?: string };
    if (err instanceof HttpError || typeof e.statusCode === 'number') throw err;
    throw malformed(e);
  }
}

/**
 * Collects the multipart body: the file under `field` (required unless `optional`) and every text field.
 * A file over the kind's limit is a 413 and nothing is kept.
 */
export async function readUpload(
  request: FastifyRequest,
  kind: UploadKind,
  field = 'file',
  optional = false,
): Promise<Upload | (Omit<Upload, 'bytes'> & { bytes: null })> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data request');
  const limit = UPLOAD_LIMITS[kind];
  const fields: Record<string, string> = {};
  const files = new Map<string, Omit<Upload, 'fields'>>();
  await eachPart(request, limit, async (part) => {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `The ${kind} file is larger than ${mib(limit)}`);
        throw err;
      });
      if (part.fieldname === field) files.set(field, { bytes, filename: part.filename, contentType: part.mimetype });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  });
  const file = files.get(field);
  // Multipart parts are read here, after the edge checks: the same text rule applies to them.
  assertSafeInput({ ...fields, ...(file ? { filename: file.filename } : {}) }, 'body');
  if (!file) {
    if (optional) return { bytes: null, filename: '', contentType: '', fields };
    throw badRequest(`The multipart field "${field}" with a file is required`);
  }
  if (file.bytes.length === 0) throw badRequest('The uploaded file is empty');
  return { ...file, fields };
}

/**
 * Collects a multipart body with several required files (one per field name, each within the
 * kind's limit) and every text field. A missing or empty file is a 400 naming its field.
 */
export async function readUploads<F extends string>(
  request: FastifyRequest,
  kind: UploadKind,
  fieldNames: readonly F[],
): Promise<{ files: Record<F, Omit<Upload, 'fields'>>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data request');
  const limit = UPLOAD_LIMITS[kind];
  const fields: Record<string, string> = {};
  const found = new Map<string, Omit<Upload, 'fields'>>();
  await eachPart(request, limit, async (part) => {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `The ${kind} file "${part.fieldname}" is larger than ${mib(limit)}`);
        throw err;
      });
      if ((fieldNames as readonly string[]).includes(part.fieldname))
        found.set(part.fieldname, { bytes, filename: part.filename, contentType: part.mimetype });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  });
  assertSafeInput({ ...fields, ...Object.fromEntries([...found].map(([k, v]) => [k, v.filename])) }, 'body');
  const files = {} as Record<F, Omit<Upload, 'fields'>>;
  for (const name of fieldNames) {
    const file = found.get(name);
    if (!file) throw badRequest(`The multipart field "${name}" with a file is required`);
    if (file.bytes.length === 0) throw badRequest(`The file "${name}" is empty`);
    files[name] = file;
  }
  return { files, fields };
}
