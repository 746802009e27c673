/** Arguments of `notify()` for a success message in plain English (no translation key, no missing-key warning). */
export const success = (text: string) => [text, { type: 'success' as const, messageArgs: { _: text } }] as const;
