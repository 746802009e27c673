import englishMessages from 'ra-language-english';
import { ENTITIES, englishResourceMessages } from '../../common/entities';

/** English messages: react-admin's own plus the console's. Keys are referenced from the registry and views. */
export const en = {
  ...englishMessages,
  /** `resources.<name>.name` and `resources.<name>.fields.<field>`, from the entity declarations. */
  resources: englishResourceMessages(ENTITIES),
  menu: {
    groups: {
      Domain: 'Domain',
      Manage: 'Manage',
      Admin: 'Admin',
      Personal: 'Personal',
      'Updater GSM': 'Updater GSM',
      'Updater Gen3': 'Updater Gen3',
      'Updater Wi-Fi': 'Updater Wi-Fi',
    },
    generateTokens: 'Generate Tokens for Sensors',
    roles: 'Roles',
    systemLogs: 'System Logs',
    integrations: 'Integrations',
    personalLogs: 'Personal Logs',
    apiManager: 'API Manager',
    sensorStatus: 'Sensor Status',
  },
  aq: {
    employee: 'Employee',
    version: 'Version %{version}',
    signOut: 'Sign Out',
    search: 'Search',
    advanced: 'Advanced',
    toggleTheme: 'Toggle light/dark theme',
    notFound: 'Whoops! Page not found.',
    loading: 'Loading...',
    noMatches: 'No matches found.',
    noData: 'No data.',
    invalidType: 'INVALID TYPE',
    closeTab: 'Close this tab.',
    loggedOut: 'Successfully logged out. Have a nice day.',
    login: {
      withProvider: 'Sign in with %{provider}',
      password: 'Password login',
      username: 'Username',
      passwordField: 'Password',
      cancel: 'Cancel',
      submit: 'Login',
      providerUnavailable: 'Sign-in provider is not configured',
      popupBlocked: 'The sign-in window was blocked by the browser',
      title: 'AQ Console',
      subtitle: 'Air-quality network back office',
    },
  },
  // Hardening (issue 9): messages of the history, form and session checks.
  hardening: {
    history: {
      notFound: {
        sensors: 'Sensor %{id} was not found.',
        installations: 'Installation %{id} was not found.',
      },
      invalidId: {
        sensors: '"%{id}" is not a valid sensor ID.',
        installations: '"%{id}" is not a valid installation ID.',
      },
      back: {
        sensors: 'Back to Sensors',
        installations: 'Back to Installations',
      },
    },
    forms: {
      tooManyValues: 'At most %{max} values',
    },
    factors: {
      clears: 'A, B and C are empty: saving removes the %{param} factors of sensor %{id}.',
    },
  },
};

export type Messages = typeof en;
