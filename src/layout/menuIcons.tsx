/** The sidebar's icon components by the icon names that entity and page routes declare. */
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
import MemoryIcon from '@mui/icons-material/Memory';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import type { MenuIconName } from '../../common/entities';

/** Exhaustive by type: a new icon name does not compile until it has a component here. */
export const MENU_ICONS: Record<MenuIconName, SvgIconComponent> = {
  place: PlaceIcon,
  assignment: AssignmentIcon,
  sensors: SensorsIcon,
  handshake: HandshakeIcon,
  badge: BadgeIcon,
  key: KeyIcon,
  localOffer: LocalOfferIcon,
  sell: SellIcon,
  style: StyleIcon,
  qrCode: QrCodeIcon,
  people: PeopleIcon,
  adminPanel: AdminPanelSettingsIcon,
  receipt: ReceiptLongIcon,
  integration: IntegrationInstructionsIcon,
  history: HistoryIcon,
  token: TokenIcon,
  systemUpdate: SystemUpdateIcon,
  rocket: RocketLaunchIcon,
  monitorHeart: MonitorHeartIcon,
  memory: MemoryIcon,
  quarantine: GppMaybeIcon,
};
