/** Contractor records: declared with the data provider that serves them (src/dataProviders/types.ts). */
export type { Contractor, ContractorInput } from '../../dataProviders/types';
