/**
 * First setup file of the component project, which runs its files without isolation (one worker,
 * one jsdom window and one Node module cache for many files; see vitest.config.ts). Before each
 * test file is imported, the module registry is reset: the file's own modules (the console's code,
 * the test helpers) are evaluated anew, so no module state (caches, counters, `vi.mock`s of
 * another file) carries over; node_modules, loaded by Node itself, stay loaded, which is the point.
 */
import { vi } from 'vitest';

vi.resetModules();
