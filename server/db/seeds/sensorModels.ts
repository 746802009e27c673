/** Demo rows of the sensor models reference list. */
import { sensorModels } from '../schema';
import { defineSeed } from './types';

const MODELS = [
  ['AQ-1 Classic', 'Airly', 'GSM', 'pm1, pm25, pm10, temperature, humidity, pressure', 'gsm', '2017-03-01', false],
  ['AQ-2 Urban', 'Airly', 'GSM', 'pm1, pm25, pm10, no2, temperature, humidity, pressure', 'gsm', '2019-05-14', true],
  ['AQ-2 Home', 'Airly', 'WIFI', 'pm1, pm25, pm10, temperature, humidity, pressure', 'wifi', '2019-09-02', true],
  [
    'AQ-3 Gas',
    'Airly',
    'NBIOT',
    'pm1, pm25, pm10, no2, o3, so2, co, temperature, humidity',
    'gen3',
    '2022-02-21',
    true,
  ],
  ['AQ-3 Lite', 'Airly', 'LORA', 'pm25, pm10, temperature, humidity', 'gen3', '2023-06-30', true],
  ['Partner PM One', 'Sensirion OEM', 'WIFI', 'pm1, pm25, pm10', 'wifi', '2020-11-10', false],
  ['Partner Gas Pro', 'Alphasense OEM', 'OTHER', 'no2, no, o3, h2s, co', 'gen3', '2024-04-08', true],
] as const;

export default defineSeed({
  name: 'sensor_models',
  table: sensorModels,
  serial: 'id',
  rows: () =>
    MODELS.map(([name, manufacturer, communication, parameters, firmwareFamily, introducedOn, inProduction], i) => ({
      id: i + 1,
      name,
      manufacturer,
      communication,
      parameters,
      firmwareFamily,
      introducedOn,
      inProduction,
    })),
});
