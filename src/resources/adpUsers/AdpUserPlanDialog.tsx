/**
 * Change a portal user's plan and trial (edit_panel_users_plans_and_trials; document 2, sections 4,
 * 7, 9). With the trial on, POST /admin/trials sets the trial plan, the downgrade plan and the end
 * date (default two weeks from today). Turning an existing trial off deletes the trial first and
 * then sets the plan — in that order.
 */
import { Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ADP_NEW_USER_DEFAULTS, defaultTrialEnd } from '../../../common/adpUsers';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import type { AdpUser } from '../../dataProviders/adpUsers';
import type { AppDataProvider } from '../../dataProviders/types';
import { AdpUserPlanInputs } from './AdpUserPlanInputs';

export function AdpUserPlanDialog({ record, onSaved, onClose }: { record: AdpUser; onSaved(): void; onClose(): void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const trial = record.trial ?? null;
  return (
    <FormDialog
      title="adpUsers.plan.title"
      titleArgs={{ name: record.nickname }}
      defaultValues={{
        plan: record.plan?.name ?? ADP_NEW_USER_DEFAULTS.plan,
        trial: trial !== null,
        postTrialPlanName: trial?.postTrialPlanName ?? ADP_NEW_USER_DEFAULTS.postTrialPlanName,
        endDate: trial?.endDate ?? defaultTrialEnd(),
      }}
      fields={['plan', 'postTrialPlanName', 'endDate']}
      requireValidChange
      maxWidth="sm"
      onSubmit={async (values) => {
        const userId = record.id;
        const plan = String(values.plan);
        try {
          if (values.trial === true) {
            await dataProvider.setAdpTrial('adp-users', {
              userId,
              trialPlanName: plan,
              postTrialPlanName: String(values.postTrialPlanName),
              endDate: String(values.endDate).slice(0, 10),
            });
          } else {
            // Removing a trial: delete it first, then set the plan.
            if (trial) await dataProvider.removeAdpTrial('adp-users', { userId });
            if (trial || plan !== record.plan?.name)
              await dataProvider.setAdpPlan('adp-users', { userId, planName: plan });
          }
        } finally {
          onSaved();
        }
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
    >
      <AdpUserPlanInputs />
      <Typography variant="caption" color="text.secondary">
        {translate('adpUsers.plan.trialHint')}
      </Typography>
    </FormDialog>
  );
}
