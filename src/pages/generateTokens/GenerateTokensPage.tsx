/**
 * Generate Tokens for Sensors (/sensors/create, add_sensors): order 1–1000 new sensors with a
 * communication module, measured parameters, optional sensor and installation tag values (with
 * view_sensor_tags / view_installation_tags or view_tags) and optional factors. The server answers
 * with the CSV of the new sensors, downloaded as sensory-{date}.csv.
 */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormState, type FieldValues } from 'react-hook-form';
import {
  CheckboxGroupInput,
  Form,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import {
  COMMUNICATIONS,
  FACTOR_PARAMS,
  MEASURED_PARAMS,
  SENSOR_ORDER_MAX,
  SENSOR_ORDER_MIN,
} from '../../../common/domain';
import { FactorsInput } from '../../components/sensors/FactorsInput';
import { newIdempotencyKey } from '../../components/useSubmitOnce';
import { useFormSubmit } from '../../components/formSubmit';
import { saveResponse } from '../../components/sensors/download';
import type { AppDataProvider } from '../../dataProviders/types';
import { useTags } from '../../resources/tags/useTags';
import { ORDER_DEFAULT_VALUES, orderFileName, orderPayload, validateOrder, type OrderValues } from './orderForm';
import { OrderTagInputs } from './OrderTagInputs';
import { success } from '../../components/sensors/notifications';
import { useCanAccessNow } from '../../resources/useCanAccessNow';

const COMMUNICATION_CHOICES = COMMUNICATIONS.map((c) => ({ id: c, name: c }));
const MEASURED_CHOICES = MEASURED_PARAMS.map((p) => ({ id: p, name: p }));

/** A titled part of the form; `title` is a message key. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** ORDER: react-admin's SaveButton, enabled on the untouched form too, disabled while ordering. */
function OrderButton() {
  const { isSubmitting } = useFormState();
  return <SaveButton label="aq.pages.order.submit" icon={<ShoppingCartIcon />} alwaysEnable={!isSubmitting} />;
}

export function GenerateTokensPage() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  // The order form's tag editors need the whole context (view_tags or view_<context>_tags).
  const sensorTagsAllowed = useCanAccessNow({ resource: 'sensors/tags', action: 'viewAll' });
  const installationTagsAllowed = useCanAccessNow({ resource: 'installations/tags', action: 'viewAll' });
  const { tags: sensorTags } = useTags('sensors', { enabled: sensorTagsAllowed });
  const { tags: installationTags } = useTags('installations', { enabled: installationTagsAllowed });

  const order = useMutation({
    mutationFn: async ({ values, idempotencyKey }: { values: OrderValues; idempotencyKey: string }) => {
      const payload = orderPayload(values, sensorTags, installationTags);
      await saveResponse(
        await dataProvider.orderSensors('sensors', { order: payload, idempotencyKey }),
        orderFileName(),
      );
      return payload.amount;
    },
    onSuccess: (amount) => {
      notify(...success('aq.notifications.sensorsOrdered', { amount }));
      void queryClient.invalidateQueries({ queryKey: ['sensors'] });
    },
  });

  // One order at a time (a double click orders once); failures are the error banner's.
  const submit = useFormSubmit(
    (values: OrderValues) => order.mutateAsync({ values, idempotencyKey: newIdempotencyKey() }),
    { refusal: () => undefined },
  );

  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Title title="menu.generateTokens" />
      <Card>
        <CardContent>
          <Form
            defaultValues={ORDER_DEFAULT_VALUES}
            validate={(values: FieldValues) => validateOrder(values as OrderValues, sensorTags, installationTags)}
            onSubmit={submit}
            disableInvalidFormNotification
            noValidate
          >
            <Typography variant="h6" sx={{ mb: 2 }}>
              {translate('aq.pages.order.heading')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
                columnGap: 2,
                alignItems: 'start',
              }}
            >
              <TextInput
                source="amount"
                label="aq.pages.order.amount"
                isRequired
                fullWidth
                margin="none"
                helperText={translate('aq.pages.order.amountRange', { min: SENSOR_ORDER_MIN, max: SENSOR_ORDER_MAX })}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <SelectInput
                source="communication"
                label="resources.sensors.fields.communication"
                choices={COMMUNICATION_CHOICES}
                isRequired
                fullWidth
                margin="none"
              />
            </Box>
            <CheckboxGroupInput source="measured" label="aq.pages.order.measured" choices={MEASURED_CHOICES} />

            {(sensorTags.some((t) => t.type !== 'META') || installationTags.some((t) => t.type !== 'META')) && (
              <Section title="aq.pages.order.tags">
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                  <OrderTagInputs title="aq.pages.order.sensorTags" prefix="sensorTags" tags={sensorTags} />
                  <OrderTagInputs
                    title="aq.pages.order.installationTags"
                    prefix="installationTags"
                    tags={installationTags}
                  />
                </Box>
              </Section>
            )}

            <Section title="aq.pages.order.factors">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('aq.pages.order.factorsHint')}
              </Typography>
              {FACTOR_PARAMS.map((p) => (
                <FactorsInput key={p} source={`sensorFactors.${p}`} label={p} />
              ))}
            </Section>

            <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
              <OrderButton />
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
