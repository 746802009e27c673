/**
 * Enumerations shown as values, in the console's language: the catalogues' `enums.*` messages,
 * whose English and Polish come from the enum's own declaration (common/domain.ts). A value the
 * table does not know is shown as it came.
 */
import { useTranslate } from 'react-admin';
import { UPDATER_STATUSES, type UpdaterStatus } from '../../common/domain';

export function useEnumLabels() {
  const translate = useTranslate();
  return {
    sensorStatus: (status: string) => translate(`enums.sensorStatus.${status}`, { _: status }),
    updaterStatus: (status: string) =>
      translate(`enums.updaterStatus.${status}`, { _: UPDATER_STATUSES[status as UpdaterStatus] ?? status }),
  };
}
