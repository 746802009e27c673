import { Box, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';

export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10 }}
    >
      <WarningAmberIcon color="warning" sx={{ fontSize: 72 }} />
      <Typography variant="h5" component="h1">
        {translate('aq.notFound')}
      </Typography>
    </Box>
  );
}
