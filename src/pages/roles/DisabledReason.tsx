/** Wraps a control that may be disabled so its tooltip still explains why (a disabled button gets no hover events). */
import type { ReactElement } from 'react';
import { Tooltip } from '@mui/material';

export function DisabledReason({ reason, children }: { reason?: string; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-flex' }}>{children}</span>
    </Tooltip>
  );
}
