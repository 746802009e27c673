/**
 * A translated message with React nodes in its placeholders: `%{search}` in the catalogue's text
 * becomes the node given as `values.search` (a code sample, a link, a bold word), so a sentence
 * stays one message for translators while its code and links stay markup.
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function RichMessage({ msgKey, values }: { msgKey: string; values: Record<string, ReactNode> }) {
  const translate = useTranslate();
  // Without values, polyglot leaves each %{name} in place for the split below.
  const parts = translate(msgKey).split(/%\{(\w+)\}/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{values[part] ?? part}</Fragment> : part))}</>;
}
