/** Labels of installation columns and tag columns in the user's language (presets pages). */
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { columnLabel } from '../../../common/presets';

export function useColumnLabel(tagNames: ReadonlyMap<number, string>): (name: string) => string {
  const translate = useTranslate();
  return useCallback(
    (name: string) => {
      const label = columnLabel(name, tagNames);
      return label.key ? translate(label.key, { ...label.values, _: label.en }) : label.en;
    },
    [translate, tagNames],
  );
}
