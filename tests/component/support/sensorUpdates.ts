/**
 * The provider's `update` of a sensor's factors (`meta: { action: 'factors', param }`) over a spy that
 * sees each save as the service does: the sensor, the parameter and its factors (null clears them).
 * The spy's answer `{ factors }` is what the service stored.
 */
import type { Identifier, UpdateParams } from 'react-admin';
import type { FactorSet } from '../../../src/dataProviders/types';

type FactorsSpy = (
  resource: string,
  params: { id: Identifier; param: string; factors: FactorSet | null },
) => Promise<{ factors?: FactorSet | null } | undefined> | unknown;

export function factorsUpdate(spy: FactorsSpy) {
  return async (resource: string, { id, data, meta }: UpdateParams) => {
    const param = (meta as { param: string }).param;
    const factors = { ...(data as { params: { factors: Record<string, FactorSet> } }).params.factors };
    const answer = (await spy(resource, { id, param, factors: factors[param] ?? null })) as
      { factors?: FactorSet | null } | undefined;
    const stored = answer?.factors === undefined ? (factors[param] ?? null) : answer.factors;
    if (stored) factors[param] = stored;
    else delete factors[param];
    return { data: { id, params: { factors } } as never };
  };
}
