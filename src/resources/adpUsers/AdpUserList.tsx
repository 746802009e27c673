/**
 * Developer-portal users (AdpUsersIndex, /adp-users, view_panel_users; document 2, sections 2.6, 6,
 * 9): a server-paged table (20, 50, 100, 1000 per page) searched from the toolbar (also `?search=`
 * from the URL — the contractors list links here by contractor name), sorted by any sortable
 * column, page and sort kept in the URL (reload and Back keep them), with a streamed CSV export
 * (adp-users.csv) and refresh. Contractor columns show only with view_contractors_adp_users, the
 * plan only with view_plans. Each row has the enable/disable toggle and the menu of the editing
 * dialogs, each with its permission; they stay at the card's right edge while a table wider than
 * the window scrolls.
 */
import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { adpUser } from '../../../common/entities';
import { TruncatedText } from '../../components/TruncatedText';
import type { AdpUser } from '../../dataProviders/adpUsers';
import { STICKY_END_SX } from '../../layout/stickyColumn';
import { useDeclaredColumns } from '../DeclaredColumns';
import { EntityListFrame } from '../EntityListFrame';
import { useFieldAccess } from '../useFieldAccess';
import { AdpUserRowActions } from './AdpUserRowActions';
import { ExportAdpUsersButton } from './ExportAdpUsersButton';
import { useAdpPlanLabel } from './useAdpChoices';

/** Long texts are cut there, and shown whole on hover. */
const CUT_WIDTH = 260;

const STATUS_COLOR = { ENABLED: 'success', NOT_ACTIVATED: 'warning', DISABLED: 'default' } as const;

function NameCell({ record }: { record: AdpUser }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TruncatedText text={record.nickname} maxWidth={CUT_WIDTH} />
      <Chip
        size="small"
        variant="outlined"
        color={STATUS_COLOR[record.status] ?? 'default'}
        label={translate(`adpUsers.statuses.${record.status}`, { _: record.status })}
      />
    </Stack>
  );
}

/** "Accesses and contractor": the number of access definitions and, with the permission, the contractor. */
function AccessCell({ record, showContractor }: { record: AdpUser; showContractor: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Chip
        size="small"
        label={record.accessCount}
        title={translate('adpUsers.columns.accessCount', { count: record.accessCount })}
      />
      {showContractor && <TruncatedText text={record.contractorName} maxWidth={CUT_WIDTH} />}
    </Stack>
  );
}

function PlanCell({ record }: { record: AdpUser }) {
  const translate = useTranslate();
  const planLabel = useAdpPlanLabel(record.trial !== null);
  if (!record.plan) return <>—</>;
  return (
    <Box>
      <Typography variant="body2" component="span" title={record.plan.name}>
        {record.plan.displayName}
      </Typography>
      {record.trial && (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('adpUsers.columns.trialUntil', {
            date: record.trial.endDate,
            plan: planLabel(record.trial.postTrialPlanName),
          })}
        </Typography>
      )}
    </Box>
  );
}

export function AdpUserList() {
  const translate = useTranslate();
  const access = useFieldAccess();
  const showContractor = access.field(adpUser, 'contractorName');
  // The columns are the declaration's (common/entities/adpUser.ts); these are their cells.
  const { columns, hiddenColumns } = useDeclaredColumns<AdpUser>(adpUser, access, {
    nickname: (r) => <NameCell record={r} />,
    email: (r) => <TruncatedText text={r.email} maxWidth={CUT_WIDTH} />,
    type: (r) => translate(`adpUsers.types.${r.type}`, { _: r.type }),
    accessCount: {
      // Sorted by the contractor where it is shown.
      source: showContractor ? 'contractorName' : 'accessCount',
      align: 'left',
      render: (r) => <AccessCell record={r} showContractor={showContractor} />,
    },
    endOfDeal: (r) => r.endOfDeal ?? '—',
    companyOwner: (r) => <TruncatedText text={r.companyOwner} maxWidth={CUT_WIDTH} />,
    plan: (r) => <PlanCell record={r} />,
    actions: { align: 'right', sx: STICKY_END_SX, render: (r) => <AdpUserRowActions record={r} /> },
  });

  return (
    <EntityListFrame
      entity={adpUser}
      createLabel="adpUsers.create.button"
      exportButton={<ExportAdpUsersButton />}
      hiddenColumns={hiddenColumns}
    >
      {columns}
    </EntityListFrame>
  );
}
