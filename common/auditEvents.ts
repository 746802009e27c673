/** Every audit event type: one per mutation of both specification documents. */
export const AUDIT_EVENT_TYPES = [
  // sessions and staff users
  'UserLoggedIn',
  'UserLoggedOut',
  'UserCreated',
  'UserRoleChanged',
  'UserEnabled',
  'UserDisabled',
  'UserSessionsInvalidated',
  'SessionRevoked',
  'LoginThrottled',
  // roles and tokens
  'RoleCreated',
  'RoleUpdated',
  'RoleDeleted',
  'TokenCreated',
  'TokenRevoked',
  // tags
  'TagCreated',
  'TagUpdated',
  'TagRemoved',
  // sensors
  'SensorsOrdered',
  'SensorStatusChanged',
  'SensorTagChanged',
  'FactorsUpdated',
  'SensorRetired',
  'RestartDevice',
  'IdleDevice',
  // installations
  'InstallationCreated',
  'InstallationStatusChanged',
  'InstallationVisibilityChanged',
  'InstallationVisibleByChanged',
  'InstallationContactChanged',
  'InstallationAddressChanged',
  'InstallationAltAddressChanged',
  'InstallationTagChanged',
  'InstallationFactorsUpdated',
  'MeasurementSuspended',
  'MeasurementUnsuspended',
  // installation requests
  'InstallationRequestStateChanged',
  'InstallationRequestNotesUpdated',
  'InstallationRequestImageAdded',
  // contractors
  'ContractorCreated',
  'ContractorUpdated',
  'ContractorLogoChanged',
  'ContractorTagChanged',
  // developer-portal users
  'PanelUserCreated',
  'PanelUserDeleted',
  'PanelUserTypeChanged',
  'PanelUserContractorChanged',
  'PanelUserReasonChanged',
  'PanelUserEmailChanged',
  'PanelUserSettingsUpdated',
  'PanelUserPasswordChanged',
  'PanelUserEnabled',
  'PanelUserDisabled',
  'PanelUserAccessAdded',
  'PanelUserAccessUpdated',
  'PanelUserAccessRemoved',
  'PanelUserPasswordResetSent',
  'PanelUserInvitationResent',
  'PanelUserPlanChanged',
  'PanelUserTrialSet',
  'PanelUserTrialRemoved',
  // API-key users
  'ApiUserSamplesApiEnabled',
  'ApiUserSamplesApiDisabled',
  'ApiUserLimitUpdated',
  'ApiUserLimitRemoved',
  'ApiUserContractorChanged',
  'ApiUserContractorRemoved',
  'ApiUserKeyIssued',
  // firmware
  'DeploymentCreated',
  'DeploymentHalted',
  'DeploymentDeleted',
  'VersionCreated',
  'VersionStatusChanged',
  'BinaryUploaded',
  'BinaryActivated',
  'BinaryDeactivated',
  // personal preferences
  'PreferencesUpdated',
  'PresetSaved',
  'PresetDeleted',
  'QuerySaved',
  'QueryDeleted',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export const AUDIT_SOURCES = ['Console', 'Integration token', 'Simulator', 'System', 'Sign-in'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];
