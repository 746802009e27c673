import type { Messages } from './en';
import { en } from './en';

/** Polish messages for the shell; react-admin's own strings fall back to English. */
const PL_RESOURCE_NAMES: Record<string, string> = {
  installations: 'Instalacje',
  'installation-requests': 'Zgłoszenia instalacji',
  sensors: 'Czujniki',
  contractors: 'Kontrahenci',
  'adp-users': 'Użytkownicy ADP',
  'api-users': 'Użytkownicy API',
  'installations/tags': 'Tagi instalacji',
  'sensors/tags': 'Tagi czujników',
  'contractors/tags': 'Tagi kontrahentów',
  users: 'Użytkownicy',
  'deployments/gsm/versions': 'Wersje',
  'deployments/gen3/versions': 'Wersje',
  'deployments/gsm': 'Wdrożenia',
  'deployments/wifi': 'Wdrożenia',
  'deployments/gen3': 'Wdrożenia',
  'sensor-models': 'Modele czujników',
};

export const pl: Messages = {
  ...en,
  /** Polish resource names; field labels not translated yet fall back to English. */
  resources: Object.fromEntries(
    Object.entries(en.resources).map(([name, messages]) => [
      name,
      { ...messages, name: PL_RESOURCE_NAMES[name] ?? messages.name },
    ]),
  ),
  menu: {
    groups: {
      Domain: 'Domena',
      Manage: 'Zarządzanie',
      Admin: 'Administracja',
      Personal: 'Osobiste',
      'Updater GSM': 'Aktualizacje GSM',
      'Updater Gen3': 'Aktualizacje Gen3',
      'Updater Wi-Fi': 'Aktualizacje Wi-Fi',
    },
    generateTokens: 'Generuj tokeny czujników',
    roles: 'Role',
    systemLogs: 'Logi systemowe',
    integrations: 'Integracje',
    personalLogs: 'Moje logi',
    apiManager: 'Menedżer API',
    sensorStatus: 'Status czujnika',
  },
  aq: {
    ...en.aq,
    employee: 'Pracownik',
    version: 'Wersja %{version}',
    signOut: 'Wyloguj',
    search: 'Szukaj',
    advanced: 'Zaawansowane',
    toggleTheme: 'Przełącz motyw jasny/ciemny',
    notFound: 'Ups! Nie znaleziono strony.',
    loading: 'Ładowanie...',
    noMatches: 'Brak wyników.',
    noData: 'Brak danych.',
    closeTab: 'Zamknij tę kartę.',
    loggedOut: 'Wylogowano. Miłego dnia.',
    login: {
      ...en.aq.login,
      withProvider: 'Zaloguj przez %{provider}',
      password: 'Logowanie hasłem',
      username: 'Nazwa użytkownika',
      passwordField: 'Hasło',
      cancel: 'Anuluj',
      submit: 'Zaloguj',
      subtitle: 'Zaplecze sieci pomiaru jakości powietrza',
    },
  },
  // Hardening (issue 9): messages of the history, form and session checks.
  hardening: {
    ...en.hardening,
    history: {
      notFound: {
        sensors: 'Nie znaleziono czujnika %{id}.',
        installations: 'Nie znaleziono instalacji %{id}.',
      },
      invalidId: {
        sensors: '„%{id}” nie jest poprawnym identyfikatorem czujnika.',
        installations: '„%{id}” nie jest poprawnym identyfikatorem instalacji.',
      },
      back: {
        sensors: 'Wróć do czujników',
        installations: 'Wróć do instalacji',
      },
    },
    forms: {
      tooManyValues: 'Najwyżej %{max} wartości',
    },
    factors: {
      clears: 'A, B i C są puste: zapisanie usunie współczynniki %{param} czujnika %{id}.',
    },
  },
};
