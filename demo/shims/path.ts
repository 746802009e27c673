/** node:path for the demo's browser build: pathe (POSIX paths). */
import * as pathe from 'pathe';

export * from 'pathe';
export const sep = '/';
export const delimiter = ':';
export const posix = pathe;
export default { ...pathe, sep, delimiter, posix: pathe };
