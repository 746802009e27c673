/** The sensors of a Wi-Fi deployment (DeploymentsWifiSensors, /deployments/wifi/{id}/sensors, view_deployments); binaries link to their details. */
import { DeploymentSensorsView } from '../../resources/firmware/DeploymentSensorsView';
import { WIFI_FAMILY } from '../../resources/firmware/deploymentFamilies';

export const WifiDeploymentSensorsPage = () => <DeploymentSensorsView family={WIFI_FAMILY} />;
