/** Optional tag values for the ordered sensors (or their installations), one input per tag type; META tags are left out. */
import { Box, Typography } from '@mui/material';
import { NullableBooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { Tag } from '../../resources/tags/types';
import { tagKey } from './orderForm';

function TagInput({ tag, source }: { tag: Tag; source: string }) {
  const common = { source, label: tag.name, fullWidth: true, margin: 'none' as const, size: 'medium' as const };
  switch (tag.type) {
    case 'BOOLEAN':
      return <NullableBooleanInput {...common} />;
    case 'ENUM':
      return <SelectInput {...common} choices={tag.values.map((v) => ({ id: v, name: v }))} emptyText="—" />;
    case 'TEXT':
      return <TextInput {...common} multiline />;
    case 'INTEGER':
    case 'FLOAT':
      return <TextInput {...common} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
    default:
      return <TextInput {...common} />;
  }
}

export function OrderTagInputs({ title, prefix, tags }: { title: string; prefix: string; tags: readonly Tag[] }) {
  const translate = useTranslate();
  const editable = tags.filter((t) => t.type !== 'META');
  if (!editable.length) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid={`order-${prefix}`}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          columnGap: 2,
          alignItems: 'start',
        }}
      >
        {editable.map((tag) => (
          <TagInput key={tag.id} tag={tag} source={`${prefix}.${tagKey(tag)}`} />
        ))}
      </Box>
    </Box>
  );
}
