/**
 * A STRING, TEXT, INTEGER or FLOAT tag value edited in place: click the value, type, Enter (or
 * leave the field) saves, Escape cancels. Integers and floats are checked before saving; empty
 * text clears the value. TEXT is multi-line (Shift+Enter for a new line).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { ButtonBase, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import type { TagType } from '../../../common/domain';
import type { TagEditorProps } from './BooleanTagInput';
import { parseTagText, tagValueText } from './tagValues';
import { useTranslate } from 'react-admin';
import type { RuleMessage } from '../../../common/validation';
import { translateRule } from '../formValidation';

export function TextTagInput({ value, onSave, label, type }: TagEditorProps & { type: TagType }) {
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<RuleMessage>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const start = () => {
    setText(value === null || value === undefined ? '' : String(value));
    setError(undefined);
    setEditing(true);
  };

  const commit = async () => {
    if (busy.current) return;
    const parsed = parseTagText(type, text);
    if (parsed.error !== undefined) {
      setError(parsed.error);
      return;
    }
    if (parsed.value === (value ?? null)) {
      setEditing(false);
      return;
    }
    busy.current = true;
    setPending(true);
    try {
      await onSave(parsed.value);
      setEditing(false);
    } catch {
      // The error banner tells what went wrong; the editor stays open with the text.
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setEditing(false);
    } else if (e.key === 'Enter' && !(type === 'TEXT' && e.shiftKey)) {
      e.preventDefault();
      void commit();
    }
  };

  if (!editing)
    return (
      <ButtonBase
        onClick={start}
        aria-label={translate('aq.valueNames.edit', { value: tagValueText(value, translate), name: label })}
        sx={{
          justifyContent: 'flex-start',
          gap: 0.5,
          borderRadius: 1,
          px: 0.5,
          mx: -0.5,
          maxWidth: 240,
          textAlign: 'left',
          '& .edit-hint': { opacity: 0 },
          '&:hover, &:focus-visible': { bgcolor: 'action.hover', '& .edit-hint': { opacity: 0.6 } },
        }}
      >
        <Typography
          variant="body2"
          component="span"
          title={value !== null && value !== undefined && value !== '' ? String(value) : undefined}
          sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {tagValueText(value, translate)}
        </Typography>
        <EditIcon className="edit-hint" sx={{ fontSize: 14 }} />
      </ButtonBase>
    );

  return (
    <TextField
      autoFocus
      size="small"
      variant="standard"
      value={text}
      multiline={type === 'TEXT'}
      maxRows={6}
      disabled={pending}
      onChange={(e) => {
        setText(e.target.value);
        setError(undefined);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => void commit()}
      error={Boolean(error)}
      helperText={error && translateRule(translate, error)}
      placeholder={type === 'FLOAT' ? '0.0' : type === 'INTEGER' ? '0' : undefined}
      slotProps={{
        htmlInput: { 'aria-label': label, inputMode: type === 'INTEGER' || type === 'FLOAT' ? 'decimal' : undefined },
      }}
      sx={{ minWidth: type === 'TEXT' ? 220 : 120, '& .MuiInputBase-root': { typography: 'body2' } }}
    />
  );
}
