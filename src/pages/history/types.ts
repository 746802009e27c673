/** History records: declared with the data provider that serves them (src/dataProviders/types.ts). */
export type { HistoryAddress, HistoryRecord, HistoryScope } from '../../dataProviders/types';
