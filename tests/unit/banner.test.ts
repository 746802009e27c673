/** The start banner of `npm start` (issue 9): it never shows a password set through ADMIN_PASSWORD. */
import { describe, expect, it } from 'vitest';
import { startBanner } from '../../server/banner';

describe('start banner', () => {
  const base = { version: '19.8.5', seed: 'demo' as const, dataDir: '/data' };
  const info = { url: 'http://127.0.0.1:8080', databaseKind: 'pglite' as const, seeded: true, startedMs: 1200 };

  it('never prints a password set through ADMIN_PASSWORD', () => {
    const lines = startBanner({
      ...info,
      config: { ...base, adminPassword: 'My-Real-Secret-99', adminPasswordFromEnv: true },
    });
    expect(lines.join('\n')).not.toContain('My-Real-Secret-99');
    expect(lines).toContain('  login:    admin / the password in ADMIN_PASSWORD  (also viewer, technician, sales)');
  });

  it('shows the documented demo default when none was set', () => {
    const lines = startBanner({
      ...info,
      config: { ...base, adminPassword: 'admin-demo-pass', adminPasswordFromEnv: false },
    });
    expect(lines).toContain('  login:    admin / admin-demo-pass  (also viewer, technician, sales)');
  });
});
