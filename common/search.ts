/** Plain search mode wraps the text in a SEARCH("...") expression of the query language. */
export function quoteString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function searchExpression(text: string): string {
  return `SEARCH(${quoteString(text)})`;
}

/** The `query` parameter of a list call for a toolbar search (plain or advanced). */
export function listQuery(search: string | undefined, advanced: boolean): string | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  return advanced ? text : searchExpression(text);
}
