/**
 * First setup file of both vitest projects, which run their files without isolation (one worker,
 * one Node module cache, and for components one jsdom window, for many files; see
 * vitest.config.ts). Before each test file is imported, the module registry is reset: the file's
 * own modules (the console's or the server's code, the test helpers) are evaluated anew, so no
 * module state (caches, counters, `vi.mock`s of another file) carries over; node_modules, loaded by
 * Node itself, stay loaded, which is the point.
 */
import { vi } from 'vitest';

vi.resetModules();
