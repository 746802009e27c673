/** One icon (and colour) per sensor status, used by the status editor and wherever a status is shown. */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import ArchiveIcon from '@mui/icons-material/Archive';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BuildIcon from '@mui/icons-material/Build';
import BuildCircleIcon from '@mui/icons-material/BuildCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import LocationOffIcon from '@mui/icons-material/LocationOff';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { SensorStatus } from '../../../common/domain';

type Colour = SvgIconProps['color'];

export const SENSOR_STATUS_ICONS: Record<SensorStatus, { icon: ComponentType<SvgIconProps>; color: Colour }> = {
  InProduction: { icon: PrecisionManufacturingIcon, color: 'action' },
  Ready: { icon: CheckCircleOutlineIcon, color: 'success' },
  ForInstallation: { icon: AddLocationAltIcon, color: 'info' },
  InShipping: { icon: LocalShippingIcon, color: 'info' },
  Installed: { icon: SensorsIcon, color: 'success' },
  ContractTerminated: { icon: CancelIcon, color: 'error' },
  ContractEnded: { icon: EventBusyIcon, color: 'action' },
  Suspended: { icon: PauseCircleOutlineIcon, color: 'warning' },
  ReviewRequired: { icon: RateReviewIcon, color: 'warning' },
  ServiceRequired: { icon: ReportProblemIcon, color: 'warning' },
  InRepair: { icon: BuildIcon, color: 'secondary' },
  ReadyRepaired: { icon: BuildCircleIcon, color: 'success' },
  Refurbishment: { icon: AutorenewIcon, color: 'secondary' },
  Lost: { icon: LocationOffIcon, color: 'error' },
  Retired: { icon: ArchiveIcon, color: 'disabled' },
};

export function SensorStatusIcon({ status, ...props }: { status: string } & SvgIconProps) {
  const entry = SENSOR_STATUS_ICONS[status as SensorStatus];
  if (!entry) return null;
  const Icon = entry.icon;
  return <Icon fontSize="small" color={entry.color} data-status-icon={status} {...props} />;
}
