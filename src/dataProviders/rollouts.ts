/**
 * Safe-rollout calls shared by the GSM and Wi-Fi updaters (issue 13): a deployment's progress
 * series, one sensor's timeline, and the quarantine (list, release).
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { EntityDecl } from '../../common/entities';
import { client } from './http';
import type { RolloutMethods } from './types';

const enc = (v: Identifier) => encodeURIComponent(String(v));

export const rolloutAdapter = (def: EntityDecl): Partial<DataProvider> & RolloutMethods => {
  const updater = client(def.service);
  return {
    async getDeploymentProgress(_resource, { id, signal }) {
      const body = await updater.request<{ data: Awaited<ReturnType<RolloutMethods['getDeploymentProgress']>> }>(
        `/deployments/${enc(id)}/progress`,
        { signal, skipLoading: true },
      );
      return body.data;
    },
    async getSensorTimeline(_resource, { id, sensorId, signal }) {
      const body = await updater.request<{ data: Awaited<ReturnType<RolloutMethods['getSensorTimeline']>> }>(
        `/deployments/${enc(id)}/sensors/${enc(sensorId)}/events`,
        { signal },
      );
      return body.data;
    },
    async getQuarantine(_resource, { signal }) {
      const body = await updater.request<{ data: Awaited<ReturnType<RolloutMethods['getQuarantine']>> }>(
        '/quarantine',
        { signal },
      );
      return body.data;
    },
    async releaseQuarantined(_resource, { sensorId }) {
      const body = await updater.request<{ data: { sensor_id: number } }>(`/quarantine/${enc(sensorId)}`, {
        method: 'DELETE',
      });
      return body.data;
    },
  };
};
