/**
 * Which columns the installations table shows (document 2, section 2.1): the selected preset's
 * columns (All: every column, the tag columns before the actions) that the viewer may see — a
 * field by its declared rule, a tag column `tag_<id>` by the tag's view rule. Pure, so the rule is
 * unit-tested; the list renders what this returns.
 */
import { installation, isColumn, type FieldDecl } from '../../../common/entities';
import { TAG_COLUMN_RE, type Preset } from '../../../common/presets';
import type { Tag } from '../../dataProviders/types';
import type { FieldAccess } from '../useFieldAccess';

export type InstallationColumn =
  | { kind: 'field'; name: string; field: FieldDecl }
  | { kind: 'tag'; name: string; tag: Tag }
  | { kind: 'actions'; name: 'actions' };

const COLUMN_FIELDS = installation.fields.filter(isColumn);
const byName = new Map(COLUMN_FIELDS.map((f) => [f.name, f]));

export function installationColumns(
  preset: Pick<Preset, 'fieldsValues'> | undefined,
  access: Pick<FieldAccess, 'field' | 'tag'>,
  tags: readonly Tag[],
  hasActions: boolean,
): InstallationColumn[] {
  const tagsById = new Map(tags.map((t) => [t.id, t]));
  const names = preset?.fieldsValues ?? [
    ...COLUMN_FIELDS.filter((f) => f.type !== 'actions').map((f) => f.name),
    ...tags.map((t) => `tag_${t.id}`),
    'actions',
  ];
  const out: InstallationColumn[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === 'actions') {
      if (hasActions) out.push({ kind: 'actions', name });
      continue;
    }
    const tagMatch = TAG_COLUMN_RE.exec(name);
    if (tagMatch) {
      const tag = tagsById.get(Number(tagMatch[1]));
      if (tag && access.tag('installations', tag.id, 'view')) out.push({ kind: 'tag', name, tag });
      continue;
    }
    const field = byName.get(name);
    if (field && access.field(installation, name)) out.push({ kind: 'field', name, field });
  }
  return out;
}

/** The path of a column in the query language (what right-clicking a header copies). */
export function columnPath(column: InstallationColumn): string {
  return column.kind === 'tag' ? `tag.${column.tag.name}` : column.name;
}
