/** Where the demo's in-memory file store keeps the seeded files (its data directory is DEMO_DATA_DIR). */
export const DEMO_DATA_DIR = '/demo-data';
export const DEMO_FILES_ROOT = `${DEMO_DATA_DIR}/files`;
