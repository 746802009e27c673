/** Arguments of `notify()` for a success message: a key of `aq.notifications`, with its values. */
export const success = (key: string, messageArgs?: Record<string, unknown>) =>
  [key, { type: 'success' as const, messageArgs }] as const;
