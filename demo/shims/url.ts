/** node:url for the demo's browser build. */
export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;
export const fileURLToPath = (url: string | URL) => new globalThis.URL(String(url)).pathname;
export const pathToFileURL = (p: string) => new globalThis.URL(`file://${p}`);
export const format = (u: URL) => String(u);
export const parse = (s: string) => new globalThis.URL(s, 'http://localhost');
export default { URL, URLSearchParams, fileURLToPath, pathToFileURL, format, parse };
