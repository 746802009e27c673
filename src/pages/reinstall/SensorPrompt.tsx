/**
 * Reinstall with the installation id `null` and no sensor named (a request without a sensor): asks
 * for the sensor to install, then continues with `?sensorId=` as if the route had named it.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isValidId } from '../history/HistoryPage';
import { SensorActivityIndicator } from '../../components/SensorActivityIndicator';

export function SensorPrompt({ onSensor }: { onSensor: (sensorId: number) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const id = text.trim();
  const valid = isValidId(id);
  return (
    <Card>
      <CardContent
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onSensor(Number(id));
        }}
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('reinstall.sensorPrompt.hint')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <TextField
            label={translate('reinstall.sensorPrompt.label')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={id !== '' && !valid}
            size="small"
            slotProps={{ htmlInput: { inputMode: 'numeric', name: 'sensorId' } }}
          />
          {valid && <SensorActivityIndicator sensorId={Number(id)} />}
          <Button type="submit" variant="contained" disabled={!valid}>
            {translate('reinstall.sensorPrompt.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
