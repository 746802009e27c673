/** Shared list query parameters: page (from 1) and limit, with a per-list maximum. */
import { z } from 'zod';

export const pageQuery = (maxLimit = 1000, defaultLimit = 10) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
});

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** Escapes LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
