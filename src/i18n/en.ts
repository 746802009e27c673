import englishMessages from 'ra-language-english';
import { ENTITIES, englishResourceMessages } from '../../common/entities';
import { TOKEN_EXPIRY_OPTIONS } from '../../common/domain';
import { TAG_FIELD_DESCRIPTION, englishQueryHelpMessages } from '../../common/query';
import { VALIDATION_TEXTS } from '../../common/validation';
import { TAG_COLUMN_LABELS } from '../../common/presets';

/** English messages: react-admin's own plus the console's. Keys are referenced from the registry and views. */
export const en = {
  ...englishMessages,
  /** `resources.<name>.name` and `resources.<name>.fields.<field>`, from the entity declarations. */
  resources: englishResourceMessages(ENTITIES),
  /** Messages of the shared validation rules (common/validation.ts), by key; the server answers their English. */
  validation: VALIDATION_TEXTS,
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
    /** The sensor activity indicator beside an entered or shown sensor id. */
    activity: {
      loading: 'Loading',
      active: 'Active',
      inactive: 'Inactive',
      visible: 'Visible',
      ghost: 'Ghost',
      tooltip: 'Sensor %{id}: %{state} (last contact: %{lastContact})',
    },
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
    noAccess: 'Your role does not give access to this page.',
    startFailed: 'The console cannot start: %{error}',
    /** Relative times; `distance` is date-fns's English ('3 days'). */
    time: {
      future: 'in %{distance}',
      past: '%{distance} ago',
    },
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
    /** Buttons and tooltips that react-admin's `ra.action.*` does not have. */
    actions: {
      restart: 'Restart',
      idle: 'Idle',
      retire: 'Retire',
      revoke: 'Revoke',
      logout: 'Logout',
      enable: 'Enable',
      disable: 'Disable',
      hide: 'Hide',
      show: 'Show',
      clear: 'Clear',
      done: 'Done',
    },
    /** Column headers shared by several tables. */
    fields: {
      actions: 'Actions',
    },
    /** Success and failure notices (toasts). Texts of the spec are word for word. */
    notifications: {
      saved: 'All changes saved!',
      statusChanged: 'Status changed!',
      sensorRestarted: 'Sensor restart triggered for Sensor ID %{id}.',
      sensorIdled: 'Sensor idle triggered for Sensor ID %{id}.',
      sensorRetired: 'Sensor with id %{id} has been successfully retired.',
      sensorsOrdered: 'Ordered %{amount} new sensors!',
      tagRemoved: 'Removed tag',
      userLoggedOut: 'All sessions invalidated! %{name} logged out successfully!',
      roleCreated: 'Added a new role "%{name}".',
      roleRemoved: 'Removed role "%{name}" successfully!',
      tokenRevoked: 'Token has been deactivated.',
      tokenCopied: 'Copied token to clipboard',
      tokenCopyFailed: 'The browser refused the clipboard: select the token and copy it by hand.',
      copyFailed: 'Copying to the clipboard failed',
    },
    /** Confirmation dialogs: `title` and `content` of each. */
    confirm: {
      restartSensor: {
        title: 'Restart sensor %{id}',
        content: 'Sensor %{id} (%{communication}) will be restarted the next time it contacts the updater. Continue?',
      },
      retireSensor: {
        title: 'Retire sensor %{id}',
        content:
          'Sensor %{id} will be retired: its installation and contractor are cleared and its status becomes Retired. This cannot be undone.',
      },
      updater: {
        restart: {
          title: 'Restart sensor %{id}',
          content: 'Sensor %{id} will restart the next time it contacts the updater. Continue?',
        },
        idle: {
          title: 'Idle sensor %{id}',
          content: 'Sensor %{id} disconnects from the network for 30 minutes. This cannot be cancelled. Continue?',
        },
      },
      removeTag: {
        title: 'Remove tag "%{name}"',
        content: {
          sensors:
            'Removing the tag also removes its associated data: its value on every sensor. This cannot be undone.',
          installations:
            'Removing the tag also removes its associated data: its value on every installation. This cannot be undone.',
          contractors:
            'Removing the tag also removes its associated data: its value on every contractor. This cannot be undone.',
        },
      },
      logoutUser: {
        title: 'Logout user',
        content: 'Logging out %{name} invalidates all of their sessions on every device. This cannot be undone.',
      },
      disableUser: {
        title: 'Disable user',
        content:
          'Disabling %{name} deactivates all of their tokens and ends all of their sessions. This cannot be undone.',
      },
      enableUser: {
        title: 'Enable user',
        content: '%{name} will be able to sign in again. Tokens deactivated earlier stay inactive.',
      },
      deleteRole: {
        title: 'Delete role',
        content: 'Delete the role "%{name}"?',
        contentWithUsers: 'Delete the role "%{name}"? Its %{users} will be moved to the default role.',
      },
      revokeToken: {
        title: 'Revoke token',
        content: 'Token "%{name}" will stop working immediately, on every service. This cannot be undone.',
      },
    },
    /** The query editor, its favourites menu and its help links. */
    query: {
      label: 'Query',
      help: 'Query language help',
      completions: 'Completions',
      toolbarPlaceholder: 'Query, e.g. status = Installed — Enter applies',
      dialogPlaceholder: 'e.g. status in (Installed, Ready) and SEARCH("Kraków")',
      favourites: 'Favourite queries',
      saved: 'Saved queries',
      noneSaved: 'No saved queries',
      saveCurrent: 'Save current query…',
      manage: 'Manage saved queries',
      save: 'Save query',
      /** The description of a `tag.<name>` field (help page and completion). */
      tagField: TAG_FIELD_DESCRIPTION,
      completion: {
        search: 'full-text search',
        units: 'units m, h, d, w',
      },
    },
    /** Tag value editors. */
    tags: {
      notSet: 'Not set',
      clickToSet: 'Click to set: %{value}',
      edit: 'Edit %{name}',
    },
    /** The A, B, C factor inputs. */
    factors: {
      fillHint: 'Fill with 0, 1, 0',
      fill: 'Fill the factors',
      fillNamed: 'Fill %{name} factors',
      clear: 'Clear the factors',
      clearNamed: 'Clear %{name} factors',
    },
    pages: {
      sensors: {
        contractorInstallations: 'Installations of contractor %{id}',
        history: 'Previous installations',
        historyOf: 'Previous installations of sensor %{id}',
        statusOf: 'Status of sensor %{id}: %{status}',
        tagOf: '%{tag} of sensor %{id}',
        noFactors: 'No factors',
        factorsOf: '%{param} factors of sensor %{id}: %{tip}',
        updateFactors: 'Update %{param} Factors',
      },
      sensorStatus: {
        sensorId: 'Sensor ID',
        enterHint: 'Press Enter to look the sensor up',
        unknown: 'Sensor %{id} is not known to the GSM updater.',
        sensor: 'Sensor %{id}',
        version: 'Version',
        bank: 'Bank',
        status: 'Status',
        lastContact: 'Last contact',
        lastUpdated: 'Last updated',
      },
      tags: {
        title: {
          sensors: 'Tags for Sensors',
          installations: 'Tags for Installations',
          contractors: 'Tags for Contractors',
        },
        add: 'Add tag',
        editTag: 'Edit tag %{name}',
        removeTag: 'Remove tag %{name}',
        create: 'Create a New Tag',
        update: 'Update Tag %{name}',
        valuesHint: 'Comma-separated, e.g. Small, Medium, Large',
      },
      users: {
        showDisabled: 'Show disabled',
        disabled: 'Disabled',
        roleOf: 'Role of %{name}',
        logoutUser: 'Logout %{name}',
        enableUser: 'Enable %{name}',
        disableUser: 'Disable %{name}',
      },
      roles: {
        role: 'Role',
        name: 'Name',
        new: 'New role',
        create: 'Create a New Role',
        builtIn: 'Built in',
        userCount: '1 user |||| %{smart_count} users',
        cannotDelete: 'The %{name} role cannot be deleted',
        cannotRename: 'The default role cannot be renamed',
        cannotEdit: 'The admin role cannot be edited',
        adminHoldsAll: 'The admin role always holds every permission.',
        searchPermissions: 'Search permissions',
        granted: '%{granted} of %{all} permissions granted',
        groupPermissions: '%{group} permissions',
        selectAll: 'Select all %{group} permissions',
        groups: {
          View: 'View',
          Modify: 'Modify',
          Admin: 'Admin',
          Other: 'Other',
        },
      },
      tokens: {
        create: 'Create token',
        createDuplicate: 'Create duplicate token',
        duplicate: 'Create duplicate',
        duplicateOf: 'Create duplicate of %{name}',
        revokeNamed: 'Revoke %{name}',
        alreadyInactive: 'Already inactive',
        expiresAt: 'Expires at',
        expiredAt: 'Expired at',
        expiresIn: 'Expires in',
        expiry: Object.fromEntries(TOKEN_EXPIRY_OPTIONS.map((o) => [o.id, o.name])) as Record<
          (typeof TOKEN_EXPIRY_OPTIONS)[number]['id'],
          string
        >,
        dropped:
          '1 permission of the original token left out: you do not hold them. |||| %{smart_count} permissions of the original token left out: you do not hold them.',
        created: 'Token "%{name}" created',
        copyNow: 'Copy the token now. It will not be shown again.',
        token: 'Token',
        copy: 'Copy token',
        empty: "You don't have any tokens yet",
        noPermissions: 'No permissions',
        more: '+%{count} more',
        less: 'Show less',
        selected: '%{count} selected',
        noneToGive: 'You hold no permissions to give.',
        docsIntro: 'Tokens authenticate scripts and integrations against every service of the API; see the',
        docsLink: 'API documentation',
        fields: {
          name: 'Name',
          owner: 'Owner',
          permissions: 'Permissions',
          expiry: 'Expiry',
          status: 'Status',
        },
        status: {
          active: 'Active',
          inactive: 'Inactive',
          expired: 'Expired',
          revoked: 'Revoked',
        },
      },
      order: {
        heading: 'Order new sensors',
        amount: 'Amount',
        amountRange: 'From %{min} to %{max}',
        measured: 'Measured parameters',
        tags: 'Tags (optional)',
        sensorTags: 'Sensor tags',
        installationTags: 'Installation tags',
        factors: 'Factors (optional)',
        factorsHint: 'A set is sent only when A, B and C are all filled.',
        submit: 'Order',
      },
      history: {
        title: {
          sensors: 'Previous installations of sensor %{id}',
          installations: 'History of installation %{id}',
        },
        tag: 'Tag %{id}',
        request: 'Installation request %{id}',
        fields: {
          sensorId: 'Sensor ID',
          installationId: 'Installation ID',
          successorId: 'Successor',
          predecessorId: 'Predecessor',
          installationDate: 'Installation date',
          removedAt: 'Removed at',
          contractor: 'Contractor',
          isVisible: 'Visibility',
          mamsl: 'Elevation',
          location: 'Location',
          address: 'Address',
          alternativeAddress1: 'Alternative addresses',
          contactFullName: 'Contact person',
          contactEmail: 'Contact e-mail',
          contactPhoneNumber: 'Contact phone',
          tags: 'Tags',
          installationRequestId: 'Request',
        },
      },
      logs: {
        allTypes: 'All types',
        clearSearch: 'Clear search',
        displayedRows: '%{from}–%{to} of %{count}',
        moreThan: 'more than %{count}',
        fields: {
          logId: 'ID',
          createdDate: 'Date',
          userName: 'User',
          eventType: 'Type',
          sourceName: 'Source',
          message: 'Message',
        },
      },
      preferences: {
        title: 'Preferences',
        presets: 'Presets',
        installationQueries: 'Installation queries',
        sensorQueries: 'Sensor queries',
        exportAll: 'Export all',
        importAll: 'Import all',
        builtIn: 'Built-in',
        hidden: 'Hidden',
      },
      /** The presets list (PersonalListPage messages) and its dialog. */
      presets: {
        title: 'Presets',
        empty: 'No presets.',
        saved: 'Saved preset',
        imported: 'Imported 1 preset |||| Imported %{smart_count} presets',
        importError:
          'Error importing presets. The contents of the clipboard are either invalid or the permission was not granted.',
        loadFailed: 'The presets could not be loaded.',
        copied: 'Copied preset to clipboard',
        copiedAll: 'Copied all presets to clipboard',
        locked: 'The built-in preset %{name} cannot be changed',
        deleteTitle: 'Delete preset',
        deleteContent: 'Do you want to delete the preset "%{name}"? This action cannot be undone.',
        allColumns: 'All columns',
        columns: '1 column |||| %{smart_count} columns',
        more: ', … (%{count} more)',
        edit: 'Edit preset',
        name: 'Name',
        columnsInOrder: 'Columns, in order',
        /** A tag column's label (common/presets.ts `columnLabel`): by tag name, or by id when unknown. */
        ...TAG_COLUMN_LABELS,
        columnsHint: 'Columns show in the order chosen here.',
        shown: 'Shown in the preset picker',
        saveFailed: 'The preset could not be saved',
      },
      /** The saved-queries lists (PersonalListPage messages) and their dialog. */
      savedQueries: {
        title: {
          installations: 'Saved queries: installations',
          sensors: 'Saved queries: sensors',
        },
        empty: 'No saved queries yet.',
        saved: 'Saved query',
        imported: 'Imported 1 query |||| Imported %{smart_count} queries',
        importError:
          'Error importing queries. The contents of the clipboard are either invalid or the permission was not granted.',
        loadFailed: 'The queries could not be loaded.',
        copied: 'Copied query to clipboard',
        copiedAll: 'Copied all queries to clipboard',
        locked: 'The built-in query %{name} cannot be changed',
        deleteTitle: 'Delete query',
        deleteContent: 'Do you want to delete the query "%{name}"? This action cannot be undone.',
        run: 'Run',
        new: 'New saved query',
        edit: 'Edit saved query',
        name: 'Name',
        shown: 'Shown in the favourites',
        saveFailed: 'The query could not be saved',
      },
    },
  },
  // Hardening (issue 9): messages of the history, form and session checks.
  help: {
    queryLanguage: {
      /** Meanings of the operators, value forms and examples (common/query/help.ts), by id. */
      meanings: englishQueryHelpMessages(),
      title: 'Query language',
      intro:
        'Turn on %{advanced} next to the search box on Installations, Sensors or Contractors to filter the list with a query. Type a query and press Enter; completion offers fields, operators and values as you type (Tab or the arrow keys and Enter pick one, Ctrl+Space opens the list, Escape closes it). Mistakes are underlined and explained under the box. Plain search is the same as %{search}. Save queries you use often from the star menu; they are listed under %{savedQueries}.',
      advanced: 'Advanced',
      savedQueries: 'saved queries',
      grammar: {
        title: 'How a query is built',
        label: 'Grammar',
        condition:
          'A %{condition} is a field, an operator and a value: %{example}. A list of values uses %{in} or %{notIn}: %{listExample}.',
        conditionWord: 'condition',
        combine:
          'Conditions combine with %{and}, %{or} and %{not}; %{and} binds tighter than %{or}, so use parentheses to group: %{example}.',
        search:
          "%{search} is a condition too: every word of the text must appear in one of the list's searchable fields (marked SEARCH below), or equal a numeric id.",
        keywords:
          'Keywords (%{keywords}) and function names (SEARCH, now) ignore case; field names do too. Spaces between parts are optional. An empty query shows everything. A query holds at most %{max} characters.',
        opposites:
          '%{ne}, %{notIn}, %{notContains} and %{not} are exact opposites: they also match rows where the field is empty. Use %{isNull} or %{notNull} to test for empty fields.',
      },
      operators: { title: 'Operators' },
      values: {
        title: 'Values',
        byType: 'Which values each type of field takes',
        type: 'Type',
        operators: 'Operators',
        values: 'Values',
        nullable: 'Every field also accepts %{isNull} and %{notNull}.',
      },
      types: {
        integer: 'whole numbers',
        number: 'numbers (12, -3.5)',
        string: '"quoted text", single bare words or numbers; ~ means contains (case-insensitive)',
        boolean: 'true, false',
        date: 'ISO dates, "quoted dates" and now() ± duration',
        datetime: 'ISO date-times, dates (a date alone means that whole day, UTC) and now() ± duration',
        enum: 'one of the listed values, bare or quoted, case-insensitive',
        set: 'a list such as measured: measured = pm25 means the list contains pm25; in (a, b) means it contains any',
      },
      durations: {
        title: 'Dates, now() and durations',
        intro:
          '%{now} is the current time. Add or subtract a duration — a whole number followed by a unit: %{units}. There is no unit for months or years; use weeks or an ISO date.',
        unit: '%{unit} (%{word})',
        units: { m: 'minutes', h: 'hours', d: 'days', w: 'weeks' },
        noMeasurement: 'no measurement for more than 3 days',
        installedRecently: 'installed in the last two weeks',
        dealEnds: 'the deal ends within half an hour',
        installedOn: 'installed on 31 January 2026 (UTC)',
        changedAfter: 'changed after 10:00 Warsaw winter time',
      },
      search: {
        title: 'SEARCH',
        intro:
          "%{search} splits the text into words; a row matches when every word is found in one of the list's searchable text fields (case-insensitive, anywhere in the field) or equals one of its numeric ids. The plain search box sends exactly this. Quote marks and backslashes inside the text are written %{quote} and %{backslash}. It combines with other conditions: %{example}.",
      },
      tags: {
        title: 'Tags',
        intro:
          "Installations, sensors and contractors carry tags. Query a tag by its name after %{prefix}: %{example}; quote names with spaces or other characters: %{quoted}. A tag's type decides its values: FLOAT and INTEGER tags are numbers, BOOLEAN tags true or false, ENUM tags one of their values, the others text. You can query only the tags you may see; they are listed with each list's fields below.",
      },
      lists: {
        heading: '%{list}: fields and examples',
        installations: 'Installations',
        sensors: 'Sensors',
        contractors: 'Contractors',
        requests: 'Installation requests',
        requestsNote:
          'The installation requests list uses the language for its active and archived views and for plain search.',
        examples: 'Examples',
        run: 'Run',
        fields: 'Fields (%{count})',
        field: 'Field',
        type: 'Type',
        meaning: 'Meaning and values',
      },
    },
  },
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
  // Reinstall sensor (document 2, sections 2.3, 5, 8): the InstallationsReinstallation screen.
  reinstall: {
    title: 'Reinstall sensor',
    heading: 'Reinstall sensor %{sensorId} (installation %{installationId})',
    submit: 'Reinstall sensor',
    invalidForm: 'Something is wrong with the form. Submit and see above.',
    success: 'Successfully reinstalled sensor!',
    noCurrentInstallation: 'There is no currentInstallationId for sensor of ID %{id}',
    notFound: 'Installation %{id} was not found.',
    invalidId: '"%{id}" is not a valid installation ID.',
    notCurrent: 'Installation %{id} is no longer the current installation of its sensor: reinstalling it will fail.',
    openCurrent: 'Open the current installation',
    tagsHint: 'Type null to clear a value.',
    sensorPrompt: {
      hint: 'The request names no sensor. Enter the ID of the sensor to install.',
      label: 'Sensor ID',
      submit: 'Continue',
    },
    previous: {
      hint: 'Its last history record fills in the form',
      notLoaded: 'This installation could not be loaded',
    },
    map: {
      marker: 'Sensor location (drag to move)',
      hint: 'Drag the marker or click the map to place the sensor.',
    },
    request: {
      title: 'Installation request %{id}',
      sensor: 'Sensor',
      type: 'Type',
      state: 'State',
      contractor: 'Contractor',
      address: 'Address',
      location: 'Location',
      email: 'E-mail',
      phone: 'Phone',
      notes: 'Notes',
      fillLocation: 'Fill location',
      fillContact: 'Fill contact',
    },
    sections: {
      contact: 'Contact',
      options: 'Status, factors and address',
      tags: 'Installation tags',
    },
    fields: {
      previousInstallationId: 'Previous installation ID',
      latitude: 'Latitude',
      longitude: 'Longitude',
      contractor: 'Contractor',
      visibility: 'Visibility',
      show: 'Show in OpenAPI Responses',
      hide: 'Hide',
      fullName: 'Contact person',
      email: 'Contact e-mail',
      phoneNumber: 'Contact phone',
      changeStatus: 'Change Status',
      currentStatus: 'Current status: %{status}',
      status: 'New status',
      setFactors: 'Set Factors',
      setAltAddress: 'Set Alternative Address',
      altAddress1: 'Alternative address 1',
      altAddress2: 'Alternative address 2',
    },
  },
};

export type Messages = typeof en;
