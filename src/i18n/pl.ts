/**
 * Polish messages. Partial on purpose: every message not translated here is the English one
 * (`pl` below is English with these laid on top), so a missing translation never shows a raw key.
 * tests/unit/i18n.test.ts checks that no key exists here that English lacks and that each
 * message names the same `%{values}` as its English original.
 */
import type { Messages } from './en';
import { en } from './en';
import { mergeMessages, type PartialMessages } from './merge';

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

/** The Polish translations themselves. */
export const plTranslations: PartialMessages<Messages> = {
  ra: {
    action: {
      cancel: 'Anuluj',
      create: 'Utwórz',
      delete: 'Usuń',
      edit: 'Edytuj',
      export: 'Eksportuj',
      refresh: 'Odśwież',
      remove: 'Usuń',
      save: 'Zapisz',
      search: 'Szukaj',
      move_up: 'Przesuń w górę',
      move_down: 'Przesuń w dół',
      close: 'Zamknij',
      confirm: 'Potwierdź',
    },
    navigation: {
      page_rows_per_page: 'Wierszy na stronę:',
    },
  },
  resources: Object.fromEntries(Object.entries(PL_RESOURCE_NAMES).map(([name, label]) => [name, { name: label }])),
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
    /** The sensor activity indicator beside an entered or shown sensor id. */
    activity: {
      loading: 'Wczytywanie',
      active: 'Aktywny',
      inactive: 'Nieaktywny',
      visible: 'Widoczny',
      ghost: 'Nie istnieje',
      tooltip: 'Czujnik %{id}: %{state} (ostatni kontakt: %{lastContact})',
    },
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
    noAccess: 'Twoja rola nie daje dostępu do tej strony.',
    startFailed: 'Nie można uruchomić konsoli: %{error}',
    login: {
      withProvider: 'Zaloguj przez %{provider}',
      password: 'Logowanie hasłem',
      username: 'Nazwa użytkownika',
      passwordField: 'Hasło',
      cancel: 'Anuluj',
      submit: 'Zaloguj',
      subtitle: 'Zaplecze sieci pomiaru jakości powietrza',
    },
    actions: {
      restart: 'Uruchom ponownie',
      retire: 'Wycofaj',
      revoke: 'Unieważnij',
      logout: 'Wyloguj',
      enable: 'Włącz',
      disable: 'Wyłącz',
      hide: 'Ukryj',
      show: 'Pokaż',
      clear: 'Wyczyść',
      done: 'Gotowe',
    },
    fields: {
      actions: 'Akcje',
    },
    notifications: {
      saved: 'Zapisano wszystkie zmiany!',
      statusChanged: 'Zmieniono status!',
      sensorRetired: 'Czujnik o id %{id} został wycofany.',
      sensorsOrdered: 'Zamówiono nowe czujniki: %{amount}!',
      tagRemoved: 'Usunięto tag',
      roleCreated: 'Dodano nową rolę „%{name}”.',
      roleRemoved: 'Usunięto rolę „%{name}”!',
      tokenRevoked: 'Token został dezaktywowany.',
      tokenCopied: 'Skopiowano token do schowka',
      copyFailed: 'Nie udało się skopiować do schowka',
    },
    confirm: {
      retireSensor: {
        title: 'Wycofaj czujnik %{id}',
      },
      logoutUser: {
        title: 'Wyloguj użytkownika',
      },
      disableUser: {
        title: 'Wyłącz użytkownika',
      },
      enableUser: {
        title: 'Włącz użytkownika',
      },
      deleteRole: {
        title: 'Usuń rolę',
        content: 'Usunąć rolę „%{name}”?',
      },
      revokeToken: {
        title: 'Unieważnij token',
      },
    },
    query: {
      label: 'Zapytanie',
      help: 'Pomoc języka zapytań',
      favourites: 'Ulubione zapytania',
      saved: 'Zapisane zapytania',
      noneSaved: 'Brak zapisanych zapytań',
      manage: 'Zarządzaj zapisanymi zapytaniami',
      save: 'Zapisz zapytanie',
      tagField: 'Tag „%{name}” (%{type})',
      completion: {
        search: 'wyszukiwanie pełnotekstowe',
        units: 'jednostki m, h, d, w',
      },
    },
    tags: {
      notSet: 'Nie ustawiono',
    },
    pages: {
      roles: {
        role: 'Rola',
        name: 'Nazwa',
        new: 'Nowa rola',
        userCount: '%{smart_count} użytkownik |||| %{smart_count} użytkowników |||| %{smart_count} użytkowników',
        searchPermissions: 'Szukaj uprawnień',
      },
      tokens: {
        create: 'Utwórz token',
        token: 'Token',
        copy: 'Kopiuj token',
        fields: {
          name: 'Nazwa',
          owner: 'Właściciel',
          permissions: 'Uprawnienia',
          expiry: 'Wygasa',
          status: 'Status',
        },
        status: {
          active: 'Aktywny',
          inactive: 'Nieaktywny',
          expired: 'Wygasł',
          revoked: 'Unieważniony',
        },
      },
      logs: {
        allTypes: 'Wszystkie typy',
        clearSearch: 'Wyczyść wyszukiwanie',
        fields: {
          createdDate: 'Data',
          userName: 'Użytkownik',
          eventType: 'Typ',
          sourceName: 'Źródło',
          message: 'Komunikat',
        },
      },
      preferences: {
        title: 'Preferencje',
        presets: 'Układy kolumn',
        installationQueries: 'Zapytania instalacji',
        sensorQueries: 'Zapytania czujników',
        exportAll: 'Eksportuj wszystko',
        importAll: 'Importuj wszystko',
        hidden: 'Ukryty',
      },
    },
  },
  // Hardening (issue 9): messages of the history, form and session checks.
  hardening: {
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
  help: {
    queryLanguage: {
      meanings: {
        operators: {
          eq: 'równa się (tekst porównywany dokładnie; wartości wyliczeniowe bez względu na wielkość liter)',
          ne: 'różni się — pasuje też do wierszy, w których pole jest puste',
          compare: 'przed / po dla dat, mniejsze / większe dla liczb, alfabetycznie dla tekstu',
          contains: 'zawiera (pola tekstowe, bez względu na wielkość liter)',
          notContains: 'nie zawiera',
          in: 'równa się jednej z wartości',
          notIn: 'nie równa się żadnej z wartości',
          combine: 'łączenie warunków; and wiąże silniej niż or',
          search: 'każde słowo tekstu występuje w jednym z pól tekstowych (lub równa się identyfikatorowi liczbowemu)',
        },
        values: {
          numbers: 'liczby',
          text: 'tekst w cudzysłowie; \\" i \\\\ to cudzysłów i ukośnik wsteczny',
          words: 'słowa bez cudzysłowu: wartości wyliczeniowe (lub tekst z jednego słowa)',
          booleans: 'wartości logiczne; null oznacza puste (= null, != null)',
          dates: 'daty i daty z godziną (bez strefy: UTC); sama data oznacza cały dzień',
          now: 'bieżący czas, przesunięty o m (minuty), h, d lub w (tygodnie)',
          tags: 'wartości tagów według nazwy tagu (nazwy ze spacjami w cudzysłowie)',
        },
        examples: {
          contractors: { plain: 'zwykłe wyszukiwanie' },
          requests: { active: 'lista aktywnych', archived: 'archiwum', plain: 'zwykłe wyszukiwanie' },
        },
      },
    },
  },
  // Messages of the shared validation rules (common/validation.ts).
  validation: {
    required: 'To pole jest wymagane',
    float: 'Musi być liczbą zmiennoprzecinkową',
    numeric: 'Musi być liczbą',
    integer: 'Musi być liczbą całkowitą',
    max: 'Musi być mniejsze niż %{limit}',
    min: 'Musi być większe niż %{limit}',
    version: 'Niepoprawny numer wersji, format: [0-255].[0-255].[0-255].[0-255]',
    name: 'Nazwa nie może być pusta',
    email: 'Niepoprawny adres e-mail',
    phoneCountryCode: 'Wymagany kod kraju (+)',
    phone: 'Niepoprawny numer telefonu (dozwolone: spacja, cyfry, plus)',
    username: 'Niepoprawna nazwa użytkownika',
    longer: 'Musi mieć więcej niż %{length} znaków',
    shorter: 'Musi mieć mniej niż %{length} znaków',
    factors: 'Wszystkie współczynniki muszą być wypełnione',
    nameInUse: 'Nazwa jest już używana',
    presetNameRequired: 'Nazwa jest wymagana',
    presetNameTooLong: 'Nazwa może mieć najwyżej %{max} znaków',
    columnsEmpty: 'Wybierz co najmniej jedną kolumnę',
    columnsTooMany: 'Najwyżej %{max} kolumn',
    columnName: 'Niepoprawna nazwa kolumny %{name}',
    columnTwice: 'Kolumna występuje dwukrotnie',
    queryRequired: 'Zapytanie jest wymagane',
    presetItem: 'Układ %{item}: %{error}',
    queryItem: 'Zapytanie %{item}: %{error}',
    limitRequired: 'Wymagana jest co najmniej jedna wartość limitu, gdy włączone jest API próbek lub własny limit!',
    limitValue: '%{period}: liczba całkowita nie mniejsza niż 1',
    limitOrder: '%{period} musi wynosić co najmniej %{value} (limit %{smaller})',
  },
  // Reinstall sensor (document 2, section 2.3).
  reinstall: {
    title: 'Przeinstaluj czujnik',
    heading: 'Przeinstaluj czujnik %{sensorId} (instalacja %{installationId})',
    submit: 'Przeinstaluj czujnik',
    invalidForm: 'Coś jest nie tak z formularzem. Wyślij go i zobacz powyżej.',
    success: 'Czujnik został przeinstalowany!',
    noCurrentInstallation: 'Czujnik o ID %{id} nie ma bieżącej instalacji (currentInstallationId)',
    notFound: 'Nie znaleziono instalacji %{id}.',
    invalidId: '„%{id}” nie jest poprawnym identyfikatorem instalacji.',
    notCurrent:
      'Instalacja %{id} nie jest już bieżącą instalacją swojego czujnika: przeinstalowanie się nie powiedzie.',
    openCurrent: 'Otwórz bieżącą instalację',
    tagsHint: 'Wpisz null, aby wyczyścić wartość.',
    sensorPrompt: {
      hint: 'Zgłoszenie nie wskazuje czujnika. Podaj ID czujnika do zainstalowania.',
      label: 'ID czujnika',
      submit: 'Dalej',
    },
    previous: {
      hint: 'Jej ostatni wpis w historii wypełni formularz',
      notLoaded: 'Nie udało się wczytać tej instalacji',
    },
    map: {
      marker: 'Położenie czujnika (przeciągnij, aby przesunąć)',
      hint: 'Przeciągnij znacznik lub kliknij mapę, aby umieścić czujnik.',
    },
    request: {
      title: 'Zgłoszenie instalacji %{id}',
      sensor: 'Czujnik',
      type: 'Typ',
      state: 'Stan',
      contractor: 'Kontrahent',
      address: 'Adres',
      location: 'Położenie',
      email: 'E-mail',
      phone: 'Telefon',
      notes: 'Uwagi',
      fillLocation: 'Wypełnij położenie',
      fillContact: 'Wypełnij kontakt',
    },
    sections: {
      contact: 'Kontakt',
      options: 'Status, współczynniki i adres',
      tags: 'Tagi instalacji',
    },
    fields: {
      previousInstallationId: 'ID poprzedniej instalacji',
      latitude: 'Szerokość geograficzna',
      longitude: 'Długość geograficzna',
      contractor: 'Kontrahent',
      visibility: 'Widoczność',
      show: 'Pokazuj w odpowiedziach OpenAPI',
      hide: 'Ukryj',
      fullName: 'Osoba kontaktowa',
      email: 'E-mail kontaktowy',
      phoneNumber: 'Telefon kontaktowy',
      changeStatus: 'Zmień status',
      currentStatus: 'Bieżący status: %{status}',
      status: 'Nowy status',
      setFactors: 'Ustaw współczynniki',
      setAltAddress: 'Ustaw adres alternatywny',
      altAddress1: 'Adres alternatywny 1',
      altAddress2: 'Adres alternatywny 2',
    },
  },
  installations: {
    notifications: { coordinatesCopied: 'Skopiowano współrzędne (lat, lng) do schowka' },
    map: {
      count: '%{count} instalacja |||| %{count} instalacje |||| %{count} instalacji',
      truncated: 'Pokazano tylko pierwsze %{count} instalacji: zawęź wyszukiwanie, aby zobaczyć resztę.',
      loading: 'Wczytywanie instalacji…',
      loadFailed: 'Nie udało się wczytać instalacji.',
      empty: 'Żadna instalacja nie pasuje do tego wyszukiwania.',
      installation: 'Instalacja %{id}',
      cluster:
        '%{smart_count} instalacja, aktywne: %{active} |||| %{smart_count} instalacje, aktywne: %{active} |||| %{smart_count} instalacji, aktywne: %{active}',
      samePlace:
        '%{smart_count} instalacja w tym miejscu |||| %{smart_count} instalacje w tym miejscu |||| %{smart_count} instalacji w tym miejscu',
      more: 'i jeszcze %{smart_count} |||| i jeszcze %{smart_count} |||| i jeszcze %{smart_count}',
      active: 'aktywna',
      inactive: 'nieaktywna',
      showInList: 'Pokaż na liście',
      history: 'Historia lokalizacji',
      reinstall: 'Przeinstaluj',
      copy: 'Kopiuj współrzędne',
      legend: {
        title: 'Pomiar w ostatnich 20 minutach:',
        active: 'Wszystkie lub większość',
        mixed: 'Część',
        inactive: 'Żadna lub niewiele',
      },
    },
  },
};

/** Polish as the console uses it: English wherever no translation exists yet. */
export const pl: Messages = mergeMessages(en, plTranslations);
