/** The value types of the query language (a leaf module: entity declarations and catalogues both read it). */
export const QUERY_FIELD_TYPES = ['integer', 'number', 'string', 'boolean', 'date', 'datetime', 'enum', 'set'] as const;
export type FieldType = (typeof QUERY_FIELD_TYPES)[number];
