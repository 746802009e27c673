/** Static reference data of the demo network shared by several entities (places, names, firmware releases, timing units). */
import type { SensorStatus } from '../../../common/domain';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const OPERATOR_DOMAIN = 'aqnet.pl';

interface Voivodeship {
  en: string;
  pl: string;
  osm: string;
}

export const VOIVODESHIPS = {
  MAZ: { en: 'Masovian Voivodeship', pl: 'województwo mazowieckie', osm: 'R130935' },
  MAL: { en: 'Lesser Poland Voivodeship', pl: 'województwo małopolskie', osm: 'R224457' },
  SLA: { en: 'Silesian Voivodeship', pl: 'województwo śląskie', osm: 'R224458' },
  WLK: { en: 'Greater Poland Voivodeship', pl: 'województwo wielkopolskie', osm: 'R130971' },
  DLS: { en: 'Lower Silesian Voivodeship', pl: 'województwo dolnośląskie', osm: 'R224461' },
  LDZ: { en: 'Łódź Voivodeship', pl: 'województwo łódzkie', osm: 'R224459' },
  POM: { en: 'Pomeranian Voivodeship', pl: 'województwo pomorskie', osm: 'R130975' },
  ZPM: { en: 'West Pomeranian Voivodeship', pl: 'województwo zachodniopomorskie', osm: 'R104401' },
  KPM: { en: 'Kuyavian-Pomeranian Voivodeship', pl: 'województwo kujawsko-pomorskie', osm: 'R223407' },
  LUB: { en: 'Lublin Voivodeship', pl: 'województwo lubelskie', osm: 'R130919' },
  PDL: { en: 'Podlaskie Voivodeship', pl: 'województwo podlaskie', osm: 'R224460' },
  PKR: { en: 'Subcarpathian Voivodeship', pl: 'województwo podkarpackie', osm: 'R130957' },
  SWK: { en: 'Holy Cross Voivodeship', pl: 'województwo świętokrzyskie', osm: 'R130914' },
  WMZ: { en: 'Warmian-Masurian Voivodeship', pl: 'województwo warmińsko-mazurskie', osm: 'R223408' },
  OPO: { en: 'Opole Voivodeship', pl: 'województwo opolskie', osm: 'R224462' },
  LBS: { en: 'Lubusz Voivodeship', pl: 'województwo lubuskie', osm: 'R130969' },
} satisfies Record<string, Voivodeship>;

type VoivodeshipKey = keyof typeof VOIVODESHIPS;

export interface City {
  local: string;
  en: string;
  lat: number;
  lon: number;
  /** Typical elevation above mean sea level, metres. */
  elev: number;
  voiv: VoivodeshipKey;
  osm: string;
  /** Share of the network placed in this city. */
  weight: number;
  /** Jitter radius in degrees of latitude. */
  radius: number;
  /** First two digits of the city's postal codes. */
  postal: readonly string[];
  streets?: readonly string[];
}

// prettier-ignore
export const CITIES: readonly City[] = [
  { local: 'Warszawa', en: 'Warsaw', lat: 52.2297, lon: 21.0122, elev: 100, voiv: 'MAZ', osm: 'R336075', weight: 14, radius: 0.08, postal: ['00', '01', '02', '03', '04'],
    streets: ['Marszałkowska', 'Puławska', 'Grójecka', 'Aleje Jerozolimskie', 'Nowy Świat', 'Targowa', 'Grochowska', 'Wołoska', 'Żelazna', 'Świętokrzyska', 'Belwederska', 'Modlińska'] },
  { local: 'Kraków', en: 'Krakow', lat: 50.0647, lon: 19.945, elev: 219, voiv: 'MAL', osm: 'R2768922', weight: 16, radius: 0.06, postal: ['30', '31'],
    streets: ['Floriańska', 'Karmelicka', 'Długa', 'Dietla', 'Kalwaryjska', 'Wielicka', 'Zakopiańska', 'Bora-Komorowskiego', 'Opolska', 'Kamieńskiego', 'Mogilska', 'Aleja Pokoju', 'Królewska', 'Bulwarowa'] },
  { local: 'Łódź', en: 'Lodz', lat: 51.7592, lon: 19.456, elev: 200, voiv: 'LDZ', osm: 'R1582777', weight: 5, radius: 0.06, postal: ['90', '91', '92', '93', '94'],
    streets: ['Piotrkowska', 'Zgierska', 'Kilińskiego', 'Narutowicza', 'Pabianicka', 'Rzgowska'] },
  { local: 'Wrocław', en: 'Wroclaw', lat: 51.1079, lon: 17.0385, elev: 120, voiv: 'DLS', osm: 'R451516', weight: 6, radius: 0.06, postal: ['50', '51', '52', '53', '54'],
    streets: ['Legnicka', 'Grabiszyńska', 'Świdnicka', 'Krzycka', 'Powstańców Śląskich', 'Kazimierza Wielkiego'] },
  { local: 'Poznań', en: 'Poznan', lat: 52.4064, lon: 16.9252, elev: 60, voiv: 'WLK', osm: 'R165941', weight: 5, radius: 0.06, postal: ['60', '61'],
    streets: ['Głogowska', 'Garbary', 'Dąbrowskiego', 'Półwiejska', 'Grunwaldzka', 'Hetmańska'] },
  { local: 'Gdańsk', en: 'Gdansk', lat: 54.352, lon: 18.6466, elev: 10, voiv: 'POM', osm: 'R7373058', weight: 4, radius: 0.06, postal: ['80'],
    streets: ['Grunwaldzka', 'Długa', 'Kartuska', 'Hallera', 'Słowackiego', 'Rakoczego'] },
  { local: 'Szczecin', en: 'Szczecin', lat: 53.4285, lon: 14.5528, elev: 25, voiv: 'ZPM', osm: 'R389920', weight: 3, radius: 0.06, postal: ['70', '71'] },
  { local: 'Bydgoszcz', en: 'Bydgoszcz', lat: 53.1235, lon: 18.0084, elev: 60, voiv: 'KPM', osm: 'R1921094', weight: 2, radius: 0.05, postal: ['85'] },
  { local: 'Lublin', en: 'Lublin', lat: 51.2465, lon: 22.5684, elev: 200, voiv: 'LUB', osm: 'R2767864', weight: 3, radius: 0.05, postal: ['20'] },
  { local: 'Białystok', en: 'Bialystok', lat: 53.1325, lon: 23.1688, elev: 140, voiv: 'PDL', osm: 'R2833719', weight: 2, radius: 0.04, postal: ['15'] },
  { local: 'Katowice', en: 'Katowice', lat: 50.2649, lon: 19.0238, elev: 270, voiv: 'SLA', osm: 'R1584096', weight: 5, radius: 0.05, postal: ['40'],
    streets: ['Mikołowska', 'Chorzowska', 'Francuska', 'Mariacka', 'Gliwicka', 'Bocheńskiego'] },
  { local: 'Gdynia', en: 'Gdynia', lat: 54.5189, lon: 18.5305, elev: 20, voiv: 'POM', osm: 'R2796426', weight: 2, radius: 0.04, postal: ['81'] },
  { local: 'Częstochowa', en: 'Czestochowa', lat: 50.8118, lon: 19.1203, elev: 250, voiv: 'SLA', osm: 'R2768920', weight: 2, radius: 0.04, postal: ['42'] },
  { local: 'Radom', en: 'Radom', lat: 51.4027, lon: 21.1471, elev: 170, voiv: 'MAZ', osm: 'R2768915', weight: 1.5, radius: 0.04, postal: ['26'] },
  { local: 'Toruń', en: 'Torun', lat: 53.0138, lon: 18.5984, elev: 60, voiv: 'KPM', osm: 'R2768930', weight: 1.5, radius: 0.04, postal: ['87'] },
  { local: 'Sosnowiec', en: 'Sosnowiec', lat: 50.2863, lon: 19.1041, elev: 260, voiv: 'SLA', osm: 'R2768941', weight: 2, radius: 0.035, postal: ['41'] },
  { local: 'Rzeszów', en: 'Rzeszow', lat: 50.0412, lon: 21.9991, elev: 210, voiv: 'PKR', osm: 'R2768933', weight: 2, radius: 0.04, postal: ['35'] },
  { local: 'Kielce', en: 'Kielce', lat: 50.8661, lon: 20.6286, elev: 260, voiv: 'SWK', osm: 'R2768917', weight: 1.5, radius: 0.04, postal: ['25'] },
  { local: 'Gliwice', en: 'Gliwice', lat: 50.2945, lon: 18.6714, elev: 220, voiv: 'SLA', osm: 'R2768927', weight: 2, radius: 0.035, postal: ['44'] },
  { local: 'Zabrze', en: 'Zabrze', lat: 50.3249, lon: 18.7857, elev: 250, voiv: 'SLA', osm: 'R2768944', weight: 1.5, radius: 0.03, postal: ['41'] },
  { local: 'Olsztyn', en: 'Olsztyn', lat: 53.7784, lon: 20.4801, elev: 120, voiv: 'WMZ', osm: 'R2768925', weight: 1.5, radius: 0.04, postal: ['10'] },
  { local: 'Bielsko-Biała', en: 'Bielsko-Biala', lat: 49.8224, lon: 19.0584, elev: 330, voiv: 'SLA', osm: 'R2768904', weight: 2.5, radius: 0.04, postal: ['43'] },
  { local: 'Bytom', en: 'Bytom', lat: 50.3484, lon: 18.9157, elev: 290, voiv: 'SLA', osm: 'R2768907', weight: 1.5, radius: 0.03, postal: ['41'] },
  { local: 'Zielona Góra', en: 'Zielona Gora', lat: 51.9356, lon: 15.5062, elev: 140, voiv: 'LBS', osm: 'R2768947', weight: 1, radius: 0.04, postal: ['65'] },
  { local: 'Rybnik', en: 'Rybnik', lat: 50.1022, lon: 18.5463, elev: 240, voiv: 'SLA', osm: 'R2768936', weight: 2.5, radius: 0.04, postal: ['44'] },
  { local: 'Ruda Śląska', en: 'Ruda Slaska', lat: 50.2558, lon: 18.8556, elev: 260, voiv: 'SLA', osm: 'R2768935', weight: 1, radius: 0.03, postal: ['41'] },
  { local: 'Opole', en: 'Opole', lat: 50.6751, lon: 17.9213, elev: 160, voiv: 'OPO', osm: 'R2768926', weight: 1.5, radius: 0.04, postal: ['45'] },
  { local: 'Tychy', en: 'Tychy', lat: 50.1372, lon: 18.9664, elev: 250, voiv: 'SLA', osm: 'R2768942', weight: 1.5, radius: 0.03, postal: ['43'] },
  { local: 'Gorzów Wielkopolski', en: 'Gorzow Wielkopolski', lat: 52.7368, lon: 15.2288, elev: 50, voiv: 'LBS', osm: 'R2768911', weight: 1, radius: 0.035, postal: ['66'] },
  { local: 'Elbląg', en: 'Elblag', lat: 54.1561, lon: 19.4045, elev: 10, voiv: 'WMZ', osm: 'R2768910', weight: 1, radius: 0.03, postal: ['82'] },
  { local: 'Płock', en: 'Plock', lat: 52.5463, lon: 19.7065, elev: 110, voiv: 'MAZ', osm: 'R2768929', weight: 1, radius: 0.03, postal: ['09'] },
  { local: 'Wałbrzych', en: 'Walbrzych', lat: 50.7714, lon: 16.2843, elev: 450, voiv: 'DLS', osm: 'R2768943', weight: 1, radius: 0.03, postal: ['58'] },
  { local: 'Tarnów', en: 'Tarnow', lat: 50.0121, lon: 20.9858, elev: 210, voiv: 'MAL', osm: 'R2768939', weight: 1.5, radius: 0.03, postal: ['33'] },
  { local: 'Chorzów', en: 'Chorzow', lat: 50.2975, lon: 18.9545, elev: 270, voiv: 'SLA', osm: 'R2768908', weight: 1, radius: 0.025, postal: ['41'] },
  { local: 'Koszalin', en: 'Koszalin', lat: 54.1944, lon: 16.1722, elev: 35, voiv: 'ZPM', osm: 'R2768918', weight: 1, radius: 0.03, postal: ['75'] },
  { local: 'Kalisz', en: 'Kalisz', lat: 51.7611, lon: 18.091, elev: 110, voiv: 'WLK', osm: 'R2768916', weight: 1, radius: 0.03, postal: ['62'] },
  { local: 'Legnica', en: 'Legnica', lat: 51.207, lon: 16.155, elev: 120, voiv: 'DLS', osm: 'R2768921', weight: 1, radius: 0.03, postal: ['59'] },
  { local: 'Nowy Sącz', en: 'Nowy Sacz', lat: 49.6175, lon: 20.7154, elev: 290, voiv: 'MAL', osm: 'R2768924', weight: 2, radius: 0.03, postal: ['33'] },
  { local: 'Zakopane', en: 'Zakopane', lat: 49.2992, lon: 19.9496, elev: 840, voiv: 'MAL', osm: 'R2768946', weight: 2, radius: 0.025, postal: ['34'],
    streets: ['Krupówki', 'Kościeliska', 'Chramcówki', 'Nowotarska', 'Jagiellońska', 'Zamoyskiego'] },
  { local: 'Oświęcim', en: 'Oswiecim', lat: 50.0344, lon: 19.2098, elev: 240, voiv: 'MAL', osm: 'R2768928', weight: 1, radius: 0.025, postal: ['32'] },
  { local: 'Skawina', en: 'Skawina', lat: 49.975, lon: 19.828, elev: 220, voiv: 'MAL', osm: 'R2768937', weight: 2, radius: 0.02, postal: ['32'] },
  { local: 'Pszczyna', en: 'Pszczyna', lat: 49.98, lon: 18.954, elev: 255, voiv: 'SLA', osm: 'R2768931', weight: 1.5, radius: 0.02, postal: ['43'] },
  { local: 'Suwałki', en: 'Suwalki', lat: 54.1118, lon: 22.9309, elev: 170, voiv: 'PDL', osm: 'R2768938', weight: 1, radius: 0.025, postal: ['16'] },
];

export const CITY_WEIGHTS = CITIES.map((c) => [c, c.weight] as const);

// prettier-ignore
export const MALE_FIRST = ['Jan', 'Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Jakub', 'Adam', 'Łukasz', 'Mateusz', 'Grzegorz', 'Marek', 'Wojciech', 'Kamil', 'Rafał', 'Bartosz', 'Szymon', 'Dawid', 'Maciej', 'Robert', 'Sebastian', 'Filip', 'Kacper'];
// prettier-ignore
export const FEMALE_FIRST = ['Anna', 'Maria', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Barbara', 'Ewa', 'Magdalena', 'Joanna', 'Aleksandra', 'Monika', 'Zofia', 'Natalia', 'Karolina', 'Marta', 'Julia', 'Dorota', 'Beata', 'Iwona', 'Paulina', 'Justyna', 'Weronika', 'Alicja', 'Hanna', 'Elżbieta'];
// prettier-ignore
export const SURNAMES = ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowski', 'Jankowski', 'Mazur', 'Wojciechowski', 'Kwiatkowski', 'Krawczyk', 'Kaczmarek', 'Piotrowski', 'Grabowski', 'Zając', 'Pawłowski', 'Michalski', 'Król', 'Wieczorek', 'Jabłoński', 'Wróbel', 'Nowakowski', 'Majewski', 'Olszewski', 'Stępień', 'Malinowski', 'Jaworski', 'Adamczyk', 'Dudek', 'Nowicki', 'Pawlak', 'Górski', 'Witkowski', 'Walczak', 'Sikora', 'Baran', 'Rutkowski', 'Michalak', 'Szewczyk', 'Ostrowski', 'Tomaszewski', 'Pietrzak', 'Zalewski', 'Wróblewski'];

export const MAIL_PROVIDERS = [
  'gmail.com',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'interia.pl',
  'outlook.com',
  'poczta.fm',
] as const;

// prettier-ignore
export const GSM_VERSIONS: readonly (readonly [version: string, status: string, description: string | null, ageDays: number, sensorWeight: number])[] = [
  ['3.8.2.4', 'Deprecated', 'Legacy modem stack', 1100, 2],
  ['3.9.0.11', 'Deprecated', null, 980, 1],
  ['3.9.1.2', 'Deprecated', 'Fixes APN fallback on the Plus network', 900, 4],
  ['4.0.0.5', 'Deprecated', 'New measurement scheduler', 760, 2],
  ['4.0.1.9', 'Production', 'Stability fixes for cold starts below -15 °C', 640, 8],
  ['4.1.0.3', 'Production', 'Support for NO2 and O3 boards', 520, 6],
  ['4.1.2.14', 'Production', null, 400, 12],
  ['4.1.3.1', 'Production', 'Watchdog tuning', 300, 22],
  ['4.2.0.12', 'Deprecated', 'Withdrawn: battery drain on NB-IoT', 200, 3],
  ['4.2.0.17', 'Production', 'LTE-M / NB-IoT power saving, TLS 1.3', 150, 40],
  ['4.2.1.0', 'Experimental', 'Remote diagnostics over MQTT', 40, 3],
  ['4.3.0.2', 'Experimental', 'New PM sensor driver (beta)', 12, 0],
];

/**
 * Demo only: GSM versions that the fleet simulator fails more often than SIMULATOR_FAILURE_RATE, so
 * that a deployment with safe-rollout rules visibly retries, quarantines and auto-halts.
 */
export const GSM_SIMULATED_FAILURE_RATES: Readonly<Record<string, number>> = {
  '4.2.0.12': 0.3, // withdrawn: battery drain
  '4.3.0.2': 0.45, // beta PM driver
  '4.2.1.0': 0.12,
};

// prettier-ignore
export const GEN3_VERSIONS: readonly (readonly [version: string, status: string, description: string, ageDays: number, sensorWeight: number])[] = [
  ['5.0.0.1', 'Deprecated', 'First Gen3 release', 700, 1],
  ['5.0.1.0', 'Production', 'Modem firmware update and LoRa join fixes', 560, 3],
  ['5.1.0.4', 'Production', 'Over-the-air updates for module 3 (sensor board)', 420, 4],
  ['5.1.2.0', 'Production', 'Improved humidity compensation', 260, 8],
  ['5.2.0.0', 'Experimental', 'Dual-bank bootloader', 90, 2],
  ['5.3.0.1', 'Experimental', 'Energy harvesting mode for solar installations', 20, 0],
];

/** Wi-Fi firmware is built from commits; these are the tagged releases (commit index, see below). */
export const WIFI_VERSIONS = [
  ['2.5.3.0', 2, 4],
  ['2.6.0.2', 3, 9],
  ['2.6.1.0', 4, 13],
  ['2.7.0.1', 5, 16],
  ['2.7.1.0', 6, 19],
] as const;
/** Age in days of the i-th Wi-Fi commit (oldest first). */
export const wifiCommitAgeDays = (i: number) => 600 - i * 29;

export const PLANS = [
  { name: 'PLAN_EMPTY', displayName: 'Empty', isTrialPlan: false },
  { name: 'PLAN_BASIC', displayName: 'Basic', isTrialPlan: false },
  { name: 'PLAN_ADVANCED', displayName: 'Advanced', isTrialPlan: false },
  { name: 'PLAN_ENTERPRISE', displayName: 'Enterprise', isTrialPlan: false },
  { name: 'PLAN_RESEARCH', displayName: 'Research', isTrialPlan: false },
  { name: 'PLAN_TRIAL', displayName: 'Trial', isTrialPlan: true },
  { name: 'PLAN_ENTERPRISE_TRIAL', displayName: 'Enterprise Trial', isTrialPlan: true },
] as const;

/** Statuses whose sensor has a current installation. */
export const CURRENT_INSTALL_STATUSES: readonly SensorStatus[] = [
  'Installed',
  'ContractTerminated',
  'ContractEnded',
  'Suspended',
];
export const PRE_INSTALL_STATUSES: readonly SensorStatus[] = ['InProduction', 'Ready', 'ForInstallation', 'InShipping'];

export const SUSPENSION_REASONS = [
  'Construction work next to the sensor',
  'Sensor covered by scaffolding',
  'Calibration in progress',
  'Suspected dust from a nearby coal yard',
  'Readings disturbed by a chimney below the sensor',
  'Renovation of the facade',
] as const;

// prettier-ignore
export const ALT_ADDRESSES = ['Budynek B, 2 piętro', 'Wejście od podwórza', 'Dach, obok masztu', 'Balkon od strony ulicy', 'Szkoła Podstawowa nr 12', 'Parking przy markecie', 'Przychodnia rejonowa', 'Remiza OSP', 'Boisko Orlik', 'Urząd Gminy, maszt flagowy'];
