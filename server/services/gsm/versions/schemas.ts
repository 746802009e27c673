/** GSM firmware versions: the list's querystring and row. */
import { z } from 'zod';
import { VERSION_STATUSES } from '../../../../common/domain';
import { pageQuery } from '../../../http/paging';
import { sortQuery } from '../../../lists/params';

export const VERSION_SORT_KEYS = ['version', 'createdDate', 'status'] as const;

export const versionListQuery = z.object({
  ...pageQuery(1000, 10),
  search: z.string().max(200).optional().describe('Case-insensitive text in the version number or description'),
  ...sortQuery(VERSION_SORT_KEYS, 'version', 'desc', 'version sorts numerically, part by part'),
});

export const versionRow = z.object({
  version: z.string(),
  description: z.string().nullable(),
  createdDate: z.string(),
  status: z.string().describe(VERSION_STATUSES.join(', ')),
});
