/** The seven services of the spec, and the service of the resources added by configuration, and their mount points (docs/ARCHITECTURE.md, "What runs"). */
import type { ServiceDefinition } from '../http/service';
import { declaredListRoutes } from '../lists/declaredLists';
import { configuredResourceRoutes } from '../configured/routes';
import { declaredWriteRoutes } from '../resources/routes';
import { sessionRoutes } from './main/sessionRoutes';
import { adminUserRoutes } from './main/adminUserRoutes';
import { auditRoutes } from './main/audit/routes';
import { integrationRoutes } from './main/integrationRoutes';
import { roleRoutes } from './main/roleRoutes';
import { preferenceRoutes } from './main/presets/preferenceRoutes';
import { presetRoutes } from './main/presets/presetRoutes';
import { savedQueryRoutes } from './main/presets/queryRoutes';
import { sensorListRoutes } from './main/sensors/listRoutes';
import { installationRoutes } from './main/installations/routes';
import { installationFormRoutes } from './main/installations/formRoutes';
import { installationMeasurementRoutes } from './main/installations/measurementRoutes';
import { reinstallRoutes } from './main/installations/reinstallRoutes';
import { installationPointRoutes } from './main/installations/pointRoutes';
import { sensorActivityRoutes } from './main/sensors/activityRoutes';
import { placeRoutes } from './main/placeRoutes';
import { contractorRoutes } from './main/contractors/routes';
import { requestRoutes } from './main/requests/routes';
import { requestEditRoutes } from './main/requests/editRoutes';
import { contractorEditRoutes } from './main/contractors/editRoutes';
import { fileRoutes } from './main/fileRoutes';
import { tagReadRoutes } from './main/tags/readRoutes';
import { tagWriteRoutes } from './main/tags/writeRoutes';
import { sensorExportRoutes } from './main/sensors/exportRoutes';
import { sensorEditRoutes } from './main/sensors/editRoutes';
import { sensorOrderRoutes } from './main/sensors/orderRoutes';
import { historyRoutes } from './main/history/routes';
import { realtimeRoutes } from './main/realtimeRoutes';
import { adpUserRoutes } from './adp/users/routes';
import { adpPlanRoutes } from './adp/plans/routes';
import { adpPlanEditRoutes } from './adp/plans/editRoutes';
import { adpUserCreateRoutes } from './adp/users/createRoutes';
import { adpUserProfileRoutes } from './adp/users/profileRoutes';
import { adpUserLoginRoutes } from './adp/users/loginRoutes';
import { adpUserAccessRoutes } from './adp/users/accessRoutes';
import { apiUserRoutes } from './apiusers/users/routes';
import { apiUserEditRoutes } from './apiusers/users/editRoutes';
import { apiKeyRoutes } from './apiusers/keys/routes';
import { gsmVersionRoutes } from './gsm/versions/routes';
import { gsmVersionEditRoutes } from './gsm/versions/editRoutes';
import { deploymentCommandRoutes } from './deployments/commandRoutes';
import { gsmVersionTarget } from './deployments/commands';
import { gsmSensorRoutes } from './gsm/sensors/routes';
import { gsmActionRoutes } from './gsm/actionRoutes';
import { wifiReadRoutes } from './wifi/readRoutes';
import { wifiCommitTarget } from './wifi/commitTarget';
import { gen3VersionRoutes } from './gen3/versions/routes';
import { gen3VersionEditRoutes } from './gen3/versions/editRoutes';
import { gen3DeploymentCommandRoutes } from './gen3/deployments/routes';
import { deploymentRoutes } from './deployments/routes';
import { rolloutRoutes } from './deployments/rolloutRoutes';
import { GEN3_DEPLOYMENTS, GSM_DEPLOYMENTS, WIFI_DEPLOYMENTS } from './deployments/families';

export const SERVICES = {
  main: {
    prefix: '/api',
    title: 'AQ main API',
    description:
      'Sessions, staff users, roles, tokens, audit logs, sensors, installations, requests, contractors, tags.',
    routes: [
      sessionRoutes,
      adminUserRoutes,
      roleRoutes,
      integrationRoutes,
      auditRoutes,
      preferenceRoutes,
      presetRoutes,
      savedQueryRoutes,
      sensorListRoutes,
      installationPointRoutes,
      installationRoutes,
      installationFormRoutes,
      installationMeasurementRoutes,
      reinstallRoutes,
      sensorActivityRoutes,
      placeRoutes,
      contractorRoutes,
      contractorEditRoutes,
      requestRoutes,
      requestEditRoutes,
      fileRoutes,
      tagReadRoutes,
      tagWriteRoutes,
      sensorExportRoutes,
      sensorEditRoutes,
      sensorOrderRoutes,
      historyRoutes,
      realtimeRoutes,
      declaredListRoutes('main'),
      declaredWriteRoutes('main'),
    ],
  },
  adp: {
    prefix: '/adp-api',
    title: 'Developer-portal admin API',
    description: 'Developer-portal (ADP) users, plans, trials, access definitions and settings.',
    routes: [
      adpUserRoutes,
      adpUserCreateRoutes,
      adpUserAccessRoutes,
      adpUserProfileRoutes,
      adpUserLoginRoutes,
      adpPlanRoutes,
      adpPlanEditRoutes,
      declaredListRoutes('adp'),
      declaredWriteRoutes('adp'),
    ],
  },
  apiusers: {
    prefix: '/apiusers-api',
    title: 'API-user manager',
    description:
      'API-key users, their contractors, standard and samples rate limits, their API keys, and two sample public endpoints held to those limits.',
    routes: [
      apiUserRoutes,
      apiUserEditRoutes,
      apiKeyRoutes,
      declaredListRoutes('apiusers'),
      declaredWriteRoutes('apiusers'),
    ],
  },
  gsm: {
    prefix: '/updater/gsm',
    title: 'GSM updater',
    description: 'GSM firmware versions and deployments, and the sensor-status calls (restart, idle).',
    routes: [
      gsmVersionRoutes,
      gsmVersionEditRoutes,
      deploymentRoutes(GSM_DEPLOYMENTS),
      deploymentCommandRoutes(GSM_DEPLOYMENTS, gsmVersionTarget),
      rolloutRoutes(GSM_DEPLOYMENTS),
      gsmSensorRoutes,
      gsmActionRoutes,
      declaredListRoutes('gsm'),
      declaredWriteRoutes('gsm'),
    ],
  },
  wifi: {
    prefix: '/updater/wifi',
    title: 'Wi-Fi updater',
    description: 'Wi-Fi firmware deployments built from commits, and their binaries.',
    routes: [
      deploymentRoutes(WIFI_DEPLOYMENTS),
      rolloutRoutes(WIFI_DEPLOYMENTS),
      deploymentCommandRoutes(WIFI_DEPLOYMENTS, wifiCommitTarget),
      wifiReadRoutes,
      declaredListRoutes('wifi'),
      declaredWriteRoutes('wifi'),
    ],
  },
  gen3: {
    prefix: '/updater/gen3',
    title: 'Gen3 updater',
    description: 'Gen3 firmware versions, per-module binaries and deployments.',
    routes: [
      deploymentRoutes(GEN3_DEPLOYMENTS),
      gen3DeploymentCommandRoutes,
      gen3VersionRoutes,
      gen3VersionEditRoutes,
      declaredListRoutes('gen3'),
      declaredWriteRoutes('gen3'),
    ],
  },
  resources: {
    prefix: '/resources-api',
    title: 'Resources by configuration',
    description:
      'Every resource declared by a JSON file of RESOURCES_DIR, stored in this database or proxied to another service, in the simple REST dialect: `_start`/`_end` or `range`, `_sort`/`_order` or `sort`, field filters or `filter`, `q`, `query` (stored), the total in Content-Range and X-Total-Count.',
    routes: [configuredResourceRoutes],
  },
} satisfies Record<string, ServiceDefinition>;

export type ServiceName = keyof typeof SERVICES;
