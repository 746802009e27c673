/**
 * Type, contractor and reason of a portal user (edit_contractors_adp_users; document 2, sections
 * 4, 5): the contractor shows (and is required) for CLIENT, CLIENT_EXTRA_ACCESS and
 * INTERNAL_ACCOUNT; the reason is required for the other types but CLIENT. Saved as separate steps,
 * in an order the server's rules accept: values that are added first, then the type, then values
 * that are cleared.
 */
import { useNotify, useUpdate } from 'react-admin';
import { hasContractor } from '../../../common/adpUsers';
import { FormDialog } from '../../components/FormDialog';
import { success } from '../../components/sensors/notifications';
import type { AdpUser, AdpUserUpdateMeta } from '../../dataProviders/adpUsers';
import { AdpUserTypeInputs } from './AdpUserTypeInputs';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The calls that save a type/contractor/reason change, in order. */
export function typeSteps(
  before: { type: string; contractorId: number | null; reason: string | null },
  after: { type: string; contractorId: number | null; reason: string | null },
  canContractor: boolean,
): (
  | { step: 'reason'; reason: string | null }
  | { step: 'contractor'; contractorId: number | null }
  | { step: 'type'; type: string }
)[] {
  const steps: ReturnType<typeof typeSteps> = [];
  const reasonChanged = after.reason !== before.reason;
  const contractorChanged = canContractor && hasContractor(after.type) && after.contractorId !== before.contractorId;
  if (reasonChanged && after.reason !== null) steps.push({ step: 'reason', reason: after.reason });
  if (contractorChanged) steps.push({ step: 'contractor', contractorId: after.contractorId });
  if (after.type !== before.type) steps.push({ step: 'type', type: after.type });
  if (reasonChanged && after.reason === null) steps.push({ step: 'reason', reason: null });
  return steps;
}

export function AdpUserTypeDialog({
  record,
  canContractor,
  onSaved,
  onClose,
}: {
  record: AdpUser;
  canContractor: boolean;
  onSaved(): void;
  onClose(): void;
}) {
  const [update] = useUpdate<AdpUser>();
  const notify = useNotify();
  return (
    <FormDialog
      title="adpUsers.type.title"
      titleArgs={{ name: record.nickname }}
      defaultValues={{ type: record.type, contractorId: record.contractorId ?? null, reason: record.reason ?? '' }}
      fields={['type', 'contractorId', 'reason']}
      requireValidChange
      maxWidth="sm"
      onSubmit={async (values) => {
        const after = {
          type: String(values.type),
          contractorId: values.contractorId === null || values.contractorId === '' ? null : Number(values.contractorId),
          reason: blank(values.reason),
        };
        const before = { type: record.type, contractorId: record.contractorId ?? null, reason: record.reason };
        try {
          for (const s of typeSteps(before, after, canContractor)) {
            const { step, ...data } = s;
            const meta: AdpUserUpdateMeta = { action: step };
            await update(
              'adp-users',
              { id: record.id, data, previousData: record, meta },
              { mutationMode: 'pessimistic', returnPromise: true },
            );
          }
        } finally {
          onSaved();
        }
        notify(...success('aq.notifications.saved'));
        onClose();
      }}
      onClose={onClose}
    >
      <AdpUserTypeInputs showContractor={canContractor} />
    </FormDialog>
  );
}
