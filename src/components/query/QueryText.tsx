/** A query shown read-only with syntax highlighting (saved-query lists, the help page). */
import { Box, useTheme, type SxProps, type Theme } from '@mui/material';
import { ERROR_CLASS, TOKEN_CLASS, segments, tokenStyles, type ErrorRange, type Segment } from './highlight';

/** The highlighted runs of a query as spans (shared with the editor's highlight layer). */
export function HighlightedRuns({ runs }: { runs: Segment[] }) {
  return (
    <>
      {runs.map((s, i) => {
        const classes = [s.kind ? TOKEN_CLASS(s.kind) : '', s.error ? ERROR_CLASS : ''].filter(Boolean).join(' ');
        return classes ? (
          <span key={i} className={classes}>
            {s.text}
          </span>
        ) : (
          <span key={i}>{s.text}</span>
        );
      })}
    </>
  );
}

export function QueryText({ value, error, sx }: { value: string; error?: ErrorRange | null; sx?: SxProps<Theme> }) {
  const theme = useTheme();
  return (
    <Box
      component="code"
      data-testid="query-text"
      sx={[
        {
          fontFamily: 'monospace',
          fontSize: '0.875rem',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          ...tokenStyles(theme.palette.mode),
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <HighlightedRuns runs={segments(value, error)} />
    </Box>
  );
}
