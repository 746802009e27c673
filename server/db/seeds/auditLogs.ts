/** Demo audit log: events of staff, the updaters and the public API over the last months. */
import type { AuditEventType, AuditSource } from '../../../common/auditEvents';
import { FACTOR_PARAMS } from '../../../common/domain';
import { ADMIN_ROLE } from '../../../common/permissions';
import type { ContractorRec, Ctx, InstallationRec, SensorRec, TagRec } from './context';
import { isoDay } from './helpers';
import { CITY_WEIGHTS, DAY, GEN3_VERSIONS, GSM_VERSIONS, SUSPENSION_REASONS } from './reference';
import { randomFactors } from './sensors';
import type { StaffRec } from './staff';

export function buildAudit(
  c: Ctx,
  staff: StaffRec[],
  sensorRows: SensorRec[],
  inst: InstallationRec[],
  contractorRows: ContractorRec[],
  tagRows: TagRec[],
  requests: { id: number; state: string }[],
  adpUserRows: { id: number; nickname: string; email: string; planName: string }[],
  apiUserRows: { id: number; username: string }[],
) {
  const r = c.root.fork('audit');
  const byRole = (...names: string[]) => staff.filter((s) => s.enabled && names.includes(s.role));
  const everyone = staff.filter((s) => s.enabled);
  const tech = byRole(ADMIN_ROLE, 'technician');
  const sales = byRole(ADMIN_ROLE, 'sales');
  const admins = byRole(ADMIN_ROLE);
  const current = inst.filter((x) => x.removedAt === null);
  const sensorTags = tagRows.filter((t) => t.context === 'sensors' && t.type !== 'META');
  const installationTags = tagRows.filter((t) => t.context === 'installations' && t.type !== 'META');
  const contractorTags = tagRows.filter((t) => t.context === 'contractors' && t.type !== 'META');

  const sensor = (keep: (s: SensorRec) => boolean = () => true) => r.pick(sensorRows.filter(keep));
  const gsm = () => sensor((s) => s.communication === 'GSM').id;
  const installation = () => r.pick(current).installationId;
  const portalUser = () => r.pick(adpUserRows).email;
  const apiUser = () => r.pick(apiUserRows).username;
  const statusChange = () => {
    const s = sensor((x) => x.status !== 'Retired');
    return `Sensor ${s.id}: status changed from ${r.pick(['Installed', 'ReviewRequired', 'InShipping'])} to ${s.status}`;
  };
  const factors = () => {
    const p = r.pick(FACTOR_PARAMS);
    const f = randomFactors(r, p);
    return `Sensor ${sensor().id}: ${p} factors set to A=${f.A}, B=${f.B}, C=${f.C}`;
  };
  const requestState = () => {
    const q = r.pick(requests.filter((x) => x.state !== 'WAITING'));
    return `Installation request ${q.id}: state changed from WAITING to ${q.state}`;
  };
  const planChange = () => {
    const u = r.pick(adpUserRows);
    return `Panel user ${u.email}: plan set to ${u.planName}`;
  };

  // [event type, weight, who may do it, message]
  // prettier-ignore
  const events: (readonly [AuditEventType, number, StaffRec[], () => string])[] = [
    ['UserLoggedIn', 40, everyone, () => 'Logged in'],
    ['UserLoggedOut', 14, everyone, () => 'Logged out'],
    ['SensorStatusChanged', 22, tech, statusChange],
    ['SensorTagChanged', 10, tech, () => `Sensor ${sensor().id}: tag "${r.pick(sensorTags).name}" changed`],
    ['FactorsUpdated', 8, tech, factors],
    ['RestartDevice', 8, tech, () => `Restart triggered for sensor ${gsm()}`],
    ['IdleDevice', 3, tech, () => `Idle triggered for sensor ${gsm()}`],
    ['SensorsOrdered', 3, tech, () => `Ordered ${r.pick([5, 10, 20, 50, 100])} new ${r.pick(['GSM', 'WIFI'])} sensors`],
    ['SensorRetired', 3, tech, () => `Sensor ${sensor((s) => s.status === 'Retired').id} retired`],
    ['InstallationVisibilityChanged', 10, tech, () => `Installation ${installation()} is now ${r.pick(['visible', 'invisible'])}`],
    ['InstallationContactChanged', 8, tech, () => `Installation ${installation()}: contact ${r.pick(['full name', 'e-mail', 'phone number'])} changed`],
    ['InstallationVisibleByChanged', 3, tech, () => `Installation ${installation()}: visibleBy changed`],
    ['InstallationAddressChanged', 4, tech, () => `Installation ${installation()}: city set to ${r.weighted(CITY_WEIGHTS).local}`],
    ['InstallationAltAddressChanged', 3, tech, () => `Installation ${installation()}: alternative address changed`],
    ['InstallationTagChanged', 6, tech, () => `Installation ${installation()}: tag "${r.pick(installationTags).name}" changed`],
    ['InstallationFactorsUpdated', 4, tech, () => `Installation ${installation()}: ${r.pick(FACTOR_PARAMS)} factors updated`],
    ['InstallationCreated', 6, tech, () => `Sensor ${sensor().id} reinstalled as installation ${installation()}`],
    ['MeasurementSuspended', 3, tech, () => `Installation ${installation()}: PM10 suspended (${r.pick(SUSPENSION_REASONS)})`],
    ['MeasurementUnsuspended', 2, tech, () => `Installation ${installation()}: PM10 unsuspended`],
    ['InstallationRequestStateChanged', 8, tech, requestState],
    ['InstallationRequestNotesUpdated', 5, tech, () => `Installation request ${r.pick(requests).id}: internal notes updated`],
    ['ContractorUpdated', 8, sales, () => `Contractor ${r.pick(contractorRows).id}: ${r.pick(['link', 'name', 'CRM company', 'type'])} updated`],
    ['ContractorCreated', 3, sales, () => `Contractor "${r.pick(contractorRows).name}" created`],
    ['ContractorTagChanged', 4, sales, () => `Contractor ${r.pick(contractorRows).id}: tag "${r.pick(contractorTags).name}" changed`],
    ['PanelUserSettingsUpdated', 5, sales, () => `Panel user ${portalUser()}: settings updated`],
    ['PanelUserPlanChanged', 4, sales, planChange],
    ['PanelUserTrialSet', 3, sales, () => `Panel user ${portalUser()}: trial set until ${isoDay(c.nowMs + r.int(3, 14) * DAY)}`],
    ['PanelUserAccessAdded', 4, sales, () => `Panel user ${portalUser()}: access definition added`],
    ['PanelUserCreated', 3, sales, () => `Panel user ${portalUser()} created`],
    ['PanelUserInvitationResent', 2, sales, () => `Panel user ${portalUser()}: invitation resent`],
    ['ApiUserLimitUpdated', 4, sales, () => `API user ${apiUser()}: standard limit updated`],
    ['ApiUserSamplesApiEnabled', 2, sales, () => `API user ${apiUser()}: samples API enabled`],
    ['ApiUserContractorChanged', 2, sales, () => `API user ${apiUser()}: contractor set to ${r.pick(contractorRows).id}`],
    ['DeploymentCreated', 4, tech, () => `GSM deployment of ${r.pick(GSM_VERSIONS)[0]} created for ${r.int(3, 40)} sensors`],
    ['DeploymentHalted', 1, tech, () => `Deployment ${r.int(1, 30)} halted`],
    ['VersionStatusChanged', 2, tech, () => `GSM version ${r.pick(GSM_VERSIONS)[0]}: status set to ${r.pick(['Production', 'Deprecated'])}`],
    ['BinaryActivated', 2, tech, () => `Gen3 binary of version ${r.pick(GEN3_VERSIONS)[0]} module ${r.int(1, 3)} activated`],
    ['TokenCreated', 3, everyone, () => `Token "${r.pick(['grafana', 'export script', 'ci', 'notebook'])}" created`],
    ['TokenRevoked', 1, everyone, () => `Token ${r.int(1, 20)} revoked`],
    ['PreferencesUpdated', 4, everyone, () => `Theme set to ${r.pick(['dark', 'light'])}`],
    ['PresetSaved', 3, everyone, () => `Preset "${r.pick(['Custom', 'Kraków contacts', 'PM only', 'Calibration check'])}" saved`],
    ['QuerySaved', 2, everyone, () => `Query "${r.pick(['Offline GSM', 'Silesia', 'Inactive 3 days'])}" saved`],
    ['UserRoleChanged', 1, admins, () => `User ${r.pick(staff).name}: role changed to ${r.pick(['default', 'viewer', 'technician'])}`],
    ['RoleUpdated', 1, admins, () => `Role "${r.pick(['viewer', 'technician', 'sales'])}" updated`],
    ['TagCreated', 1, admins, () => `Tag "${r.pick(tagRows).name}" created`],
  ];
  const weights = events.map((e) => [e, e[1]] as const);
  const signIn: readonly AuditEventType[] = ['UserLoggedIn', 'UserLoggedOut'];

  const n = 300;
  const times = Array.from({ length: n }, () => Math.round(c.nowMs - r.float(0.01, 30) * DAY)).sort((a, b) => a - b);
  return times.map((ms) => {
    const [type, , who, message] = r.weighted(weights);
    const actor = r.pick(who);
    const source: AuditSource = signIn.includes(type) ? 'Sign-in' : r.chance(0.07) ? 'Integration token' : 'Console';
    return {
      createdDate: new Date(ms),
      userId: actor.id,
      userName: actor.name,
      eventType: type,
      sourceName: source,
      message: message(),
    };
  });
}
