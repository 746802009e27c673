import type { SvgIconComponent } from '@mui/icons-material';
import PlaceIcon from '@mui/icons-material/Place';
import AssignmentIcon from '@mui/icons-material/Assignment';
import SensorsIcon from '@mui/icons-material/Sensors';
import HandshakeIcon from '@mui/icons-material/Handshake';
import BadgeIcon from '@mui/icons-material/Badge';
import KeyIcon from '@mui/icons-material/VpnKey';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SellIcon from '@mui/icons-material/Sell';
import StyleIcon from '@mui/icons-material/Style';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import PeopleIcon from '@mui/icons-material/People';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import HistoryIcon from '@mui/icons-material/History';
import TokenIcon from '@mui/icons-material/Token';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';

/** Sidebar icon per route name. */
export const MENU_ICONS: Record<string, SvgIconComponent> = {
  InstallationsIndex: PlaceIcon,
  InstallationRequestsIndex: AssignmentIcon,
  SensorsIndex: SensorsIcon,
  ContractorsIndex: HandshakeIcon,
  AdpUsersIndex: BadgeIcon,
  ApiUsersIndex: KeyIcon,
  InstallationsTags: LocalOfferIcon,
  SensorsTags: SellIcon,
  ContractorsTags: StyleIcon,
  SensorsCreate: QrCodeIcon,
  Users: PeopleIcon,
  Roles: AdminPanelSettingsIcon,
  LogsAdmin: ReceiptLongIcon,
  Integrations: IntegrationInstructionsIcon,
  LogsPersonal: HistoryIcon,
  ApiManager: TokenIcon,
  DeploymentsGsmVersions: SystemUpdateIcon,
  DeploymentsGsmIndex: RocketLaunchIcon,
  SensorStatus: MonitorHeartIcon,
  DeploymentsGen3Versions: SystemUpdateIcon,
  DeploymentsGen3Index: RocketLaunchIcon,
  DeploymentsWifiIndex: RocketLaunchIcon,
};
