/** Demo staff users: the four password logins and the provider-only colleagues. */
import { DEFAULT_ROLE } from '../../../common/permissions';
import { agoMs, type Ctx } from './context';
import { DAY, OPERATOR_DOMAIN } from './reference';

export interface StaffRec {
  id: number;
  name: string;
  displayName: string;
  email: string;
  avatar: string | null;
  passwordHash: string | null;
  oidcSubject: string | null;
  roleId: number;
  enabled: boolean;
  createdAt: Date;
  /** role name, not a column */
  role: string;
}

export function buildStaff(c: Ctx): StaffRec[] {
  const r = c.root.fork('staff');
  const list: { name: string; displayName: string; role: string; password: boolean; enabled?: boolean }[] = [
    { name: 'admin', displayName: 'Ada Admin', role: 'admin', password: true },
    { name: 'viewer', displayName: 'Wiktor Viewer', role: 'viewer', password: true },
    { name: 'technician', displayName: 'Tomasz Technik', role: 'technician', password: true },
    { name: 'sales', displayName: 'Sara Sales', role: 'sales', password: true },
    { name: 'jan.nowak', displayName: 'Jan Nowak', role: DEFAULT_ROLE, password: false },
    { name: 'anna.kowalska', displayName: 'Anna Kowalska', role: DEFAULT_ROLE, password: false },
    { name: 'piotr.wisniewski', displayName: 'Piotr Wiśniewski', role: DEFAULT_ROLE, password: false },
    { name: 'magdalena.wojcik', displayName: 'Magdalena Wójcik', role: DEFAULT_ROLE, password: false },
    { name: 'krzysztof.kaminski', displayName: 'Krzysztof Kamiński', role: DEFAULT_ROLE, password: false },
    { name: 'ewa.lewandowska', displayName: 'Ewa Lewandowska', role: DEFAULT_ROLE, password: false, enabled: false },
    { name: 'michal.zielinski', displayName: 'Michał Zieliński', role: DEFAULT_ROLE, password: false },
    { name: 'karolina.szymanska', displayName: 'Karolina Szymańska', role: DEFAULT_ROLE, password: false },
  ];
  const ages = list.map(() => r.int(60, 1500)).sort((a, b) => b - a);
  return list.map((u, i) => {
    const roleId = c.roleIds.get(u.role);
    if (roleId === undefined) throw new Error(`seedDemo: role ${u.role} is missing`);
    return {
      id: i + 1,
      name: u.name,
      displayName: u.displayName,
      email: `${u.name}@${OPERATOR_DOMAIN}`,
      avatar: null,
      // The four demo logins share the hashed demo password; the others sign in through the provider.
      passwordHash: u.password ? c.passwordHash : null,
      oidcSubject: u.password ? null : `1${r.digits(20)}`,
      roleId,
      enabled: u.enabled ?? true,
      createdAt: agoMs(c, ages[i]! * DAY + r.int(0, DAY)),
      role: u.role,
    };
  });
}
