/** The sensors of a GSM deployment (DeploymentsGsmSensors, /deployments/gsm/{id}/sensors, view_deployments). */
import { DeploymentSensorsView } from '../../resources/firmware/DeploymentSensorsView';
import { GSM_FAMILY } from '../../resources/firmware/deploymentFamilies';

export const GsmDeploymentSensorsPage = () => <DeploymentSensorsView family={GSM_FAMILY} />;
