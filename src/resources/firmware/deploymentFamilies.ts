/**
 * The GSM and Wi-Fi deployment screens share their list, row actions and sensors view; what differs
 * per family is here: its resource and paths, how halt and the sensors read are called, its titles,
 * and (Wi-Fi) where a sensor's binary opens.
 */
import type { Identifier } from 'react-admin';
import { gsmDeployment, wifiDeployment, type EntityDecl } from '../../../common/entities';
import type { AppDataProvider, DeploymentSensor } from '../../dataProviders/types';

export interface DeploymentFamilyUi {
  entity: EntityDecl;
  resource: 'deployments/gsm' | 'deployments/wifi';
  /** The list's path; create is `${path}/create`, a deployment's sensors `${path}/{id}/sensors`. */
  path: string;
  /** Translation key of the list title. */
  title: string;
  /** Characters of the `version` column shown (Wi-Fi: a commit hash shows 7); all when unset. */
  versionChars?: number;
  halt(dataProvider: AppDataProvider, id: Identifier): Promise<unknown>;
  sensors(dataProvider: AppDataProvider, id: Identifier, signal?: AbortSignal): Promise<DeploymentSensor[]>;
  /** Where a sensor row's binary opens, when the family shows binaries. */
  binaryPath?(id: Identifier, binary: string): string;
}

export const GSM_FAMILY: DeploymentFamilyUi = {
  entity: gsmDeployment,
  resource: 'deployments/gsm',
  path: '/deployments/gsm',
  title: 'firmware.deployments.title',
  halt: (dp, id) => dp.haltGsmDeployment('deployments/gsm', { id }),
  sensors: (dp, id, signal) => dp.getGsmDeploymentSensors('deployments/gsm', { id, signal }),
};

export const WIFI_FAMILY: DeploymentFamilyUi = {
  entity: wifiDeployment,
  resource: 'deployments/wifi',
  path: '/deployments/wifi',
  title: 'wifi.deployments.title',
  versionChars: 7,
  halt: (dp, id) => dp.haltWifiDeployment('deployments/wifi', { id }),
  sensors: (dp, id, signal) => dp.getWifiDeploymentSensors('deployments/wifi', { id, signal }),
  binaryPath: (id, binary) =>
    `/deployments/wifi/${encodeURIComponent(String(id))}/sensors/${encodeURIComponent(binary)}`,
};
