/** A catalogue that may leave out any message; `mergeMessages` fills the gaps from English. */
export type PartialMessages<T> = { [K in keyof T]?: T[K] extends string ? string : PartialMessages<T[K]> };

/** `base` with every message of `over` laid on top: a message missing from `over` stays the base's. */
export function mergeMessages<T extends object>(base: T, over: PartialMessages<T>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over as Record<string, unknown>)) {
    if (value === undefined) continue;
    const b = (base as Record<string, unknown>)[key];
    out[key] =
      value && typeof value === 'object' && b && typeof b === 'object'
        ? mergeMessages(b as object, value as PartialMessages<object>)
        : value;
  }
  return out as T;
}
