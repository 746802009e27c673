/** node:fs/promises for the demo's browser build (./fs.ts). */
import { promises } from './fs';

export const { readFile, writeFile, mkdir, rename, rm, unlink, stat, readdir } = promises;
export default promises;
