/**
 * What the signed-in user may change on one API-key user (document 2, section 6): each change needs
 * edit_api_users or its specific permission; a provider-internal account only its specific one (the
 * rules of common/entities/apiUser.ts, which the server applies too). Issuing a key (beyond the spec)
 * needs edit_api_users, and edit_api_users_internal for an internal account.
 */
import { API_USER_EDIT_RULES } from '../../../common/entities/apiUser';
import type { PermissionSet } from '../../../common/permissions';
import type { ApiUser } from '../../dataProviders/apiUsers';
import { usePermissionSet } from '../../state/useSession';

export interface ApiUserRights {
  standard: boolean;
  samples: boolean;
  contractor: boolean;
  key: boolean;
}

type Rule = (typeof API_USER_EDIT_RULES)[keyof typeof API_USER_EDIT_RULES];

const allowed = (permissions: PermissionSet, rule: Rule, internal: boolean) =>
  permissions.can(internal ? rule.specific : [rule.general, rule.specific]);

export function apiUserRights(permissions: PermissionSet, user: Pick<ApiUser, 'internal'>): ApiUserRights {
  return {
    standard: allowed(permissions, API_USER_EDIT_RULES.limitStandard, user.internal),
    samples: allowed(permissions, API_USER_EDIT_RULES.limitSamples, user.internal),
    contractor: allowed(permissions, API_USER_EDIT_RULES.contractor, user.internal),
    key:
      permissions.can(API_USER_EDIT_RULES.key.general) &&
      (!user.internal || permissions.can(API_USER_EDIT_RULES.key.specific)),
  };
}

export function useApiUserRights(user: Pick<ApiUser, 'internal'>): ApiUserRights {
  return apiUserRights(usePermissionSet(), user);
}
