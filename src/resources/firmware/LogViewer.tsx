/**
 * A build log with line numbers (Wi-Fi Binary Details, document 2, section 2.9): monospace, no
 * wrapping, scrollable both ways inside a bounded box; the numbers stay in view when scrolled
 * sideways. Two `pre` blocks (numbers, text) keep a 5,000-line log to two text nodes.
 */
import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

export function LogViewer({ text, maxHeight = 520 }: { text: string; maxHeight?: number | string }) {
  const translate = useTranslate();
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const numbers = useMemo(() => {
    const count = body === '' ? 1 : body.split('\n').length;
    return Array.from({ length: count }, (_, i) => i + 1).join('\n');
  }, [body]);
  return (
    <Box
      role="region"
      aria-label={translate('wifi.binary.logs')}
      tabIndex={0}
      data-testid="log-viewer"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        overflow: 'auto',
        maxHeight,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.default',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        fontSize: 13,
        lineHeight: 1.5,
        '& pre': { m: 0, py: 1, font: 'inherit' },
      }}
    >
      <Box
        component="pre"
        aria-hidden
        data-testid="log-line-numbers"
        sx={{
          position: 'sticky',
          left: 0,
          minHeight: '100%',
          px: 1.5,
          textAlign: 'right',
          userSelect: 'none',
          color: 'text.secondary',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        {numbers}
      </Box>
      <Box component="pre" data-testid="log-text" sx={{ px: 1.5, whiteSpace: 'pre', flex: 1 }}>
        {body}
      </Box>
    </Box>
  );
}
