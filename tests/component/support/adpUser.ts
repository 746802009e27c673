/** A developer-portal user on a trial, as the portal's user endpoints return one: the dialogs' fixture. */
import type { AdpUser } from '../../../src/dataProviders/adpUsers';

export const TRIAL_USER: AdpUser = {
  id: 12,
  nickname: 'Ada Nowak',
  email: 'ada@example.org',
  status: 'ENABLED',
  plan: { name: 'PLAN_ADVANCED', displayName: 'Advanced' },
  trial: { trialPlanName: 'PLAN_ADVANCED', postTrialPlanName: 'PLAN_EMPTY', endDate: '2099-01-01' },
  contractorId: 3,
  contractorName: 'Zielony',
  type: 'CLIENT',
  reason: null,
  accessCount: 1,
};
