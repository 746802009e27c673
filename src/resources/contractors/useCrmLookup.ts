/**
 * The CRM company-name lookup of the contractor forms (document 2, sections 5 and 9): once the CRM
 * id has been left alone for 500 ms and is numeric and longer than 8 characters, ask
 * `GET /hubspot/contractors/{id}/name`; anything else is never sent. A newer id cancels the answer
 * to an older one.
 */
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { CRM_LOOKUP_DEBOUNCE_MS, CRM_LOOKUP_MIN_LENGTH } from '../../../common/domain';
import type { AppDataProvider } from '../../dataProviders/types';

export type CrmLookup =
  | { state: 'idle' }
  | { state: 'loading'; hsId: string }
  | { state: 'found'; hsId: string; name: string }
  | { state: 'notFound'; hsId: string };

/** Whether an id is one the lookup asks about: digits only, longer than 8. */
export const isLookupId = (hsId: string): boolean => hsId.length >= CRM_LOOKUP_MIN_LENGTH && /^\d+$/.test(hsId);

export function useCrmLookup(hsId: string | null | undefined): CrmLookup {
  const dataProvider = useDataProvider<AppDataProvider>();
  const id = (hsId ?? '').trim();
  const [result, setResult] = useState<CrmLookup>({ state: 'idle' });
  useEffect(() => {
    if (!isLookupId(id)) {
      setResult({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setResult({ state: 'loading', hsId: id });
      dataProvider
        .lookupCrmCompany('contractors', { hsId: id, signal: controller.signal })
        .then((name) => {
          if (!controller.signal.aborted)
            setResult(name === null ? { state: 'notFound', hsId: id } : { state: 'found', hsId: id, name });
        })
        .catch(() => {
          if (!controller.signal.aborted) setResult({ state: 'notFound', hsId: id });
        });
    }, CRM_LOOKUP_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [id, dataProvider]);
  return result;
}
