/**
 * One Gen3 version as the version's screens read it (GET /versions/{version}), and what they say
 * instead of their content when it cannot be had: "Version … was not found." for a version the
 * updater does not know (404), "Version … could not be loaded." for any other failure.
 */
import { useGetOne, useTranslate } from 'react-admin';
import { ApiError } from '../../dataProviders/errors';
import type { Gen3Version } from '../../dataProviders/types';

const RESOURCE = 'deployments/gen3/versions';

const isNotFound = (e: unknown) => e instanceof ApiError && e.kind === 'response' && e.status === 404;

/** The message for a failed read of the version (or of its binaries), or undefined while none failed. */
export function useGen3VersionProblem(error: unknown, version: string): string | undefined {
  const translate = useTranslate();
  if (!error) return undefined;
  return translate(isNotFound(error) ? 'firmware.gen3.version.missing' : 'firmware.gen3.version.notFound', {
    version,
  });
}

export function useGen3Version(version: string) {
  const one = useGetOne<Gen3Version & { id: string }>(RESOURCE, { id: version });
  return { one, problem: useGen3VersionProblem(one.error, version) };
}
