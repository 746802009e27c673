/**
 * A cell that shows a value and, for a user who may change it, a small edit button that opens the
 * field's dialog (a FormDialog). Long values are cut with an ellipsis and shown whole on hover.
 */
import { useId, useState, type ReactNode } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';

export function EditableCell({
  display,
  label,
  canEdit,
  dialog,
  maxWidth = 220,
}: {
  display: ReactNode;
  /** What the edit button says to assistive technology ("Edit Contact e-mail of installation 12"). */
  label: string;
  canEdit: boolean;
  dialog: (close: () => void) => ReactNode;
  maxWidth?: number;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const valueId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth }}>
      <Box id={valueId} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
        {display}
      </Box>
      {canEdit && (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton
            size="small"
            aria-label={label}
            // The pencil shows no text: the value it edits is read with it (its description).
            aria-describedby={valueId}
            onClick={() => setOpen(true)}
            sx={{ flexShrink: 0, opacity: 0.6, '&:hover': { opacity: 1 } }}
          >
            <EditIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
      {open && dialog(() => setOpen(false))}
    </Box>
  );
}

/** A text value or a dash, with the whole text on hover. */
export function TextValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  const text = String(value);
  return <span title={text}>{text}</span>;
}
