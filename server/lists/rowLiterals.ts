/**
 * Row objects built by one object literal, compiled from the list's member names.
 *
 * V8 keeps an object's properties in a fast, shared layout while they are added under literal names;
 * an object given more than a dozen properties under computed names (`row[`${p}Value`] = …`) turns
 * into a hash table, and everything that reads it afterwards pays for the lookups — the response
 * serializer most of all (a 100-row installations page: 2.1 ms to stringify as hash tables, 1.3 ms
 * in the fast layout). Copying a blank template that holds every key keeps the fast layout, but
 * still sets each value under a computed name: for the 25-row installations page that was ~50 µs
 * of every request. An object literal written out with the row's member names is created from V8's
 * boilerplate in the final layout, its values stored in place: the same page shapes in ~5 µs.
 *
 * The names come from declarations and tag ids (never from a request) and are written as JSON string
 * literals; each value is a JavaScript expression over the builder's parameters, written by the
 * repository that compiles it.
 */

/** A member of a compiled row: its name, and the expression of its value over the builder's parameters. */
export type RowMember = readonly [name: string, value: string];

/**
 * A function of `params` that runs `prelude` (statements, e.g. `const values = row[40] ?? {};`) and
 * returns the object literal of `members`, in their order.
 */
export function compileRowLiteral<F>(params: readonly string[], prelude: string, members: readonly RowMember[]): F {
  const literal = members.map(([name, value]) => `  ${JSON.stringify(name)}: ${value},`).join('\n');
  return new Function(...params, `${prelude}\nreturn {\n${literal}\n};`) as F;
}

/**
 * `compile`'s builder for each set of extra members (a caller's visible tag columns), compiled on
 * first use and kept: a handful of sets in practice, forgotten all at once past 64 (tags churning).
 */
export function perExtraMembers<F>(compile: (extra: readonly string[]) => F): (extra: readonly string[]) => F {
  const compiled = new Map<string, F>();
  return (extra) => {
    const key = extra.join('\0');
    let builder = compiled.get(key);
    if (builder === undefined) {
      if (compiled.size >= 64) compiled.clear();
      builder = compile(extra);
      compiled.set(key, builder);
    }
    return builder;
  };
}
