/**
 * Activate or Deactivate one Gen3 binary (add_versions): Activate makes it its module's active
 * binary, Deactivate turns the module's active binary off ("Binary deactivated!"). The version's
 * binaries and active binaries are read again afterwards.
 */
import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { success } from '../../components/sensors/notifications';
import type { AppDataProvider, Gen3Binary } from '../../dataProviders/types';

const RESOURCE = 'deployments/gen3/versions';

export function Gen3BinaryActionButton({ version, binary }: { version: string; binary: Gen3Binary }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const mutation = useMutation({
    mutationFn: async (): Promise<unknown> =>
      binary.active
        ? dataProvider.deactivateGen3Binary(RESOURCE, { version, module: binary.module ?? 0 })
        : dataProvider.activateGen3Binary(RESOURCE, { id: binary.id }),
    onSuccess: () => {
      notify(...success(binary.active ? 'firmware.gen3.binaries.deactivated' : 'firmware.gen3.binaries.activated'));
      return queryClient.invalidateQueries({ queryKey: [RESOURCE, version] });
    },
  });
  const label = binary.active ? 'firmware.gen3.binaries.deactivate' : 'firmware.gen3.binaries.activate';
  return (
    <Button
      size="small"
      variant={binary.active ? 'outlined' : 'contained'}
      color={binary.active ? 'warning' : 'primary'}
      disabled={mutation.isPending || binary.module === null}
      onClick={() => mutation.mutate()}
      aria-label={`${translate(label)} ${binary.id}`}
    >
      {translate(label)}
    </Button>
  );
}
