/** Text cut to one line with an ellipsis where it does not fit; the whole of it is the hover title. */
import { Box } from '@mui/material';

export function TruncatedText({
  text,
  maxWidth = 320,
}: {
  text: string | null | undefined;
  maxWidth?: number | string;
}) {
  if (!text) return <>—</>;
  return (
    <Box
      component="span"
      title={text}
      sx={{ display: 'block', maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {text}
    </Box>
  );
}
