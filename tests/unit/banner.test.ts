/**
 * The start banner of `npm start` (issue 9): it never shows a password set through ADMIN_PASSWORD;
 * without demo data it names the first admin created at this start, or says how to create one.
 */
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

  describe('without demo data (SEED=none)', () => {
    const none = { ...base, seed: 'none' as const, adminPassword: 'Ops-Secret-123', adminPasswordFromEnv: true };

    it('names the first admin created now, never its password', () => {
      const lines = startBanner({ ...info, seeded: false, config: none, firstAdmin: 'ops', noUsers: false });
      expect(lines).toContain('  login:    ops / the password in ADMIN_PASSWORD  (first admin, created now)');
      expect(lines.join('\n')).not.toContain('Ops-Secret-123');
    });

    it('says how to create the first admin while nobody can sign in', () => {
      const pglite = startBanner({ ...info, seeded: false, config: none, noUsers: true });
      expect(pglite).toContain(
        '  no users yet: restart with ADMIN_USERNAME and ADMIN_PASSWORD set to create the first admin',
      );
      const postgres = startBanner({ ...info, databaseKind: 'postgres', seeded: false, config: none, noUsers: true });
      expect(postgres.join('\n')).toContain('npm run create-admin -- <username> <password>');
    });

    it('says nothing about creating one once users exist', () => {
      const lines = startBanner({ ...info, seeded: false, config: none, noUsers: false });
      expect(lines).toContain('  no demo data (SEED=none)');
    });
  });
});
