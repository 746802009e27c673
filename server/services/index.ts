/** The seven services of the spec and their mount points (ARCHITECTURE.md, section 2). */
import type { ServiceDefinition } from '../http/service';
import { sessionRoutes } from './main/sessionRoutes';
import { adminUserRoutes } from './main/adminUserRoutes';
import { auditRoutes } from './main/auditRoutes';
import { integrationRoutes } from './main/integrationRoutes';
import { roleRoutes } from './main/roleRoutes';
import { preferenceRoutes } from './main/preferenceRoutes';

export const SERVICES = {
  main: {
    prefix: '/api',
    title: 'AQ main API',
    description: 'Sessions, staff users, roles, tokens, audit logs, sensors, installations, requests, contractors, tags.',
    routes: [sessionRoutes, adminUserRoutes, roleRoutes, integrationRoutes, auditRoutes, preferenceRoutes],
  },
  adp: {
    prefix: '/adp-api',
    title: 'Developer-portal admin API',
    description: 'Developer-portal (ADP) users, plans, trials, access definitions and settings.',
    routes: [],
  },
  apiusers: {
    prefix: '/apiusers-api',
    title: 'API-user manager',
    description: 'API-key users, their contractors, standard and samples rate limits.',
    routes: [],
  },
  gsm: {
    prefix: '/updater/gsm',
    title: 'GSM updater',
    description: 'GSM firmware versions and deployments, and the sensor-status calls (restart, idle).',
    routes: [],
  },
  wifi: {
    prefix: '/updater/wifi',
    title: 'Wi-Fi updater',
    description: 'Wi-Fi firmware deployments built from commits, and their binaries.',
    routes: [],
  },
  gen3: {
    prefix: '/updater/gen3',
    title: 'Gen3 updater',
    description: 'Gen3 firmware versions, per-module binaries and deployments.',
    routes: [],
  },
} satisfies Record<string, ServiceDefinition>;

export type ServiceName = keyof typeof SERVICES;
