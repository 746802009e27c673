/**
 * The reinstall form (document 2, sections 2.3, 4, 5) on react-admin's <Form>: previous
 * installation, location on a map, contractor, visibility, contact, status, factors, alternative
 * addresses and installation tags. One submit at a time; on success the installations list opens
 * on the new installation.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  AutocompleteInput,
  Form,
  RadioButtonGroupInput,
  TextInput,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { CONTRACTOR_FETCH_LIMIT, FACTOR_PARAMS } from '../../../common/domain';
import { FactorsInput } from '../../components/sensors/FactorsInput';
import { success } from '../../components/sensors/notifications';
import { useSubmitOnce } from '../../components/useSubmitOnce';
import type { AppDataProvider, InstallationReadForm, InstallationRequest, Tag } from '../../dataProviders/types';
import { tagEditRule } from '../../resources/tags/types';
import { useTags } from '../../resources/tags/useTags';
import { usePermissionSet } from '../../state/useSession';
import { OrderTagInputs } from '../generateTokens/OrderTagInputs';
import { CheckboxInput } from './CheckboxInput';
import { LocationInput } from './LocationInput';
import { PreviousInstallationInput } from './PreviousInstallationInput';
import { RequestSummary } from './RequestSummary';
import { StatusChangeInput } from './StatusChangeInput';
import {
  reinstallPayload,
  validateReinstall,
  valuesFromReadForm,
  type PreviousState,
  type ReinstallValues,
} from './reinstallForm';

const VISIBILITY_CHOICES = [
  { id: 'true', name: 'reinstall.fields.show' },
  { id: 'false', name: 'reinstall.fields.hide' },
];

interface Contractor {
  id: number;
  name: string;
}

const contractorText = (c: Contractor) => (c ? `[${c.id}] ${c.name}` : '');

/** The installations list searching for one installation (plain search, as its toolbar reads it). */
export const installationsSearchPath = (installationId: number) =>
  `/installations?search=${encodeURIComponent(String(installationId))}&advanced=false`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

function WhenTicked({ source, children }: { source: keyof ReinstallValues; children: ReactNode }) {
  const ticked = useWatch<ReinstallValues>({ name: source });
  return ticked ? <Box sx={{ pl: { xs: 0, sm: 4 } }}>{children}</Box> : null;
}

function SubmitButton({ pending, previous }: { pending: boolean; previous: PreviousState }) {
  const translate = useTranslate();
  const { isValid } = useFormState();
  const invalid = !isValid || previous === 'failed' || previous === 'invalid';
  return (
    <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<MoveDownIcon />}
        disabled={pending || previous === 'loading'}
      >
        {translate('reinstall.submit')}
      </Button>
      {invalid && (
        <Typography variant="body2" color="error" role="alert" data-testid="reinstall-invalid">
          {translate('reinstall.invalidForm')}
        </Typography>
      )}
    </Box>
  );
}

export function ReinstallForm({
  current,
  request,
  requestId,
  defaults,
}: {
  current: InstallationReadForm;
  request?: InstallationRequest;
  requestId: number | null;
  defaults: ReinstallValues;
}) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const permissions = usePermissionSet();
  const { tags: visibleTags } = useTags('installations');
  const tags = useMemo<Tag[]>(
    () => visibleTags.filter((t) => t.type !== 'META' && permissions.can(tagEditRule('installations', t.id))),
    [visibleTags, permissions],
  );
  const tagsRef = useRef(tags);
  useEffect(() => {
    tagsRef.current = tags;
  }, [tags]);
  const previous = useRef<PreviousState>('loaded');
  const [previousState, setPreviousState] = useState<PreviousState>('loaded');
  const initial = useMemo(
    () => ({
      id: String(current.info.installationId),
      sensorId: current.info.sensorId,
      values: valuesFromReadForm(current),
    }),
    [current],
  );

  const contractorId = current.info.contractor?.id ?? null;
  const canListContractors = permissions.can('view_contractors');
  const contractors = useGetList<Contractor>(
    'contractors',
    { pagination: { page: 1, perPage: CONTRACTOR_FETCH_LIMIT }, sort: { field: 'id', order: 'ASC' } },
    { enabled: canListContractors },
  );
  const contractorsPending = canListContractors && contractors.isPending;
  const choices = useMemo(() => {
    const list = (contractors.data ?? []).map((c) => ({ id: c.id, name: c.name }));
    // Without the contractors list (no view_contractors, or it failed), the inherited contractor is still a choice.
    if (!contractorsPending && contractorId !== null && !list.some((c) => c.id === contractorId))
      list.unshift({ id: contractorId, name: '' });
    return list;
  }, [contractors.data, contractorsPending, contractorId]);

  const submitting = useSubmitOnce();
  const reinstall = useMutation({
    mutationFn: (values: ReinstallValues) =>
      dataProvider.reinstallSensor('reinstall', {
        installationId: current.info.installationId,
        payload: reinstallPayload(values, { currentStatus: current.info.status, requestId, tags: tagsRef.current }),
      }),
    onSuccess: ({ installationId }) => {
      notify(...success('reinstall.success'));
      for (const key of ['installations', 'installation-requests', 'sensors', 'reinstall'])
        void queryClient.invalidateQueries({ queryKey: [key] });
      navigate(installationsSearchPath(installationId));
    },
  });

  return (
    <Form
      defaultValues={defaults}
      mode="onChange"
      validate={(values: FieldValues) =>
        validateReinstall(values as ReinstallValues, { tags: tagsRef.current, previous: previous.current })
      }
      onSubmit={async (values: FieldValues) => {
        // Resolve to nothing: react-admin reads an object returned by onSubmit as field errors.
        await submitting.run(() => reinstall.mutateAsync(values as ReinstallValues));
      }}
      noValidate
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 4fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Card>
            <CardContent>
              <PreviousInstallationInput
                state={previous}
                onStateChange={setPreviousState}
                initial={initial}
                tags={tags}
              />
              <LocationInput />
            </CardContent>
          </Card>
          {request && <RequestSummary request={request} />}
          {tags.length > 0 && (
            <Card>
              <CardContent>
                <OrderTagInputs title="reinstall.sections.tags" prefix="tags" tags={tags} />
                <Typography variant="caption" color="text.secondary">
                  {translate('reinstall.tagsHint')}
                </Typography>
              </CardContent>
            </Card>
          )}
        </Box>
        <Card sx={{ minWidth: 0 }}>
          <CardContent>
            <AutocompleteInput
              source="contractorId"
              label="reinstall.fields.contractor"
              choices={choices}
              optionText={contractorText}
              isPending={contractorsPending}
              isRequired
              fullWidth
              translateChoice={false}
            />
            <RadioButtonGroupInput
              source="visible"
              label="reinstall.fields.visibility"
              choices={VISIBILITY_CHOICES}
              format={(v: unknown) => (v === true ? 'true' : v === false ? 'false' : '')}
              parse={(v: string) => v === 'true'}
              row
            />
            <Section title="reinstall.sections.contact">
              <TextInput source="fullName" label="reinstall.fields.fullName" fullWidth />
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 2 }}>
                <TextInput source="email" label="reinstall.fields.email" type="email" fullWidth />
                <TextInput
                  source="phoneNumber"
                  label="reinstall.fields.phoneNumber"
                  fullWidth
                  placeholder="+48 600 000 000"
                />
              </Box>
            </Section>
            <Section title="reinstall.sections.options">
              <StatusChangeInput currentStatus={current.info.status} />
              <CheckboxInput source="setFactors" label="reinstall.fields.setFactors" />
              <WhenTicked source="setFactors">
                <Box
                  sx={{ overflowX: 'auto', pt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}
                  data-testid="reinstall-factors"
                >
                  {FACTOR_PARAMS.map((p) => (
                    <FactorsInput key={p} source={`factors.${p}`} label={p} />
                  ))}
                </Box>
              </WhenTicked>
              <CheckboxInput source="setAltAddress" label="reinstall.fields.setAltAddress" />
              <WhenTicked source="setAltAddress">
                <TextInput source="altAddress1" label="reinstall.fields.altAddress1" fullWidth />
                <TextInput source="altAddress2" label="reinstall.fields.altAddress2" fullWidth />
              </WhenTicked>
            </Section>
            <SubmitButton pending={submitting.pending} previous={previousState} />
          </CardContent>
        </Card>
      </Box>
    </Form>
  );
}
