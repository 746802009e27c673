/**
 * Access definitions as an editable table (document 2, sections 3, 4, 5, 8, 9), used by the access
 * dialog and the add form: each row reaches a sponsor (contractor), an OSM place or an installation
 * with a visibility; new rows get a random id from 1000 to 10000; a row that cannot be edited is
 * read-only. Below it, the number of sensors the rows reach (POST /admin/users/sensors-count,
 * debounced), and the clipboard copy and paste of `accessDefinitions`, `type` and `sponsorId`.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  allowsAdditionalAccess,
  parseAccessImport,
  randomAccessId,
  type AccessDefinition,
  type AccessExport,
  type AdpUserType,
} from '../../../common/adpUsers';
import { ACCESS_VISIBILITY } from '../../../common/domain';
import { success } from '../../components/sensors/notifications';
import type { AppDataProvider } from '../../dataProviders/types';

/** A row reaches something: a sponsor, an OSM id or an installation. */
export const reachesSomething = (d: AccessDefinition) =>
  d.sponsorId !== null || (d.osmId ?? '').trim() !== '' || d.installationId !== null;

const intOrNull = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : null);

/** The sensors the rows reach, counted by the server a moment after the last change. */
function SensorsCount({ definitions }: { definitions: AccessDefinition[] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const valid = definitions.filter(reachesSomething).map((d) => ({ ...d, osmId: d.osmId?.trim() || null }));
  const [debounced, setDebounced] = useState(valid);
  const key = JSON.stringify(valid);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(JSON.parse(key) as AccessDefinition[]), 400);
    return () => clearTimeout(timer);
  }, [key]);
  const count = useQuery({
    queryKey: ['adp-users', 'sensors-count', JSON.stringify(debounced)],
    queryFn: ({ signal }) => dataProvider.countAdpSensors('adp-users', { definitions: debounced, signal }),
    staleTime: 30_000,
  });
  return (
    <Typography variant="body2" color="text.secondary" data-testid="adp-sensors-count">
      {count.data === undefined
        ? translate('adpUsers.access.sensorsCounting')
        : translate('adpUsers.access.sensors', { count: count.data })}
    </Typography>
  );
}

export function AccessDefinitionsEditor({
  value,
  onChange,
  type,
  sponsorId,
  disabled,
}: {
  value: AccessDefinition[];
  onChange(next: AccessDefinition[]): void;
  type: AdpUserType;
  /** The user's contractor: the default sponsor of a new row, and what the export carries. */
  sponsorId: number | null;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [importError, setImportError] = useState(false);
  useEffect(() => {
    if (!importError) return;
    const timer = setTimeout(() => setImportError(false), 5000);
    return () => clearTimeout(timer);
  }, [importError]);
  const set = (id: number, patch: Partial<AccessDefinition>) =>
    onChange(value.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  const add = () =>
    onChange([
      ...value,
      {
        id: randomAccessId(value.map((d) => d.id)),
        sponsorId: value.length === 0 ? sponsorId : null,
        osmId: null,
        installationId: null,
        visibility: 'ALL',
        canBeEdited: true,
      },
    ]);
  const exportDefs = async () => {
    const accessDefinitions = value.map((d) => ({ ...d, osmId: d.osmId?.trim() || null }));
    const data: AccessExport = { accessDefinitions, type, sponsorId };
    await navigator.clipboard.writeText(JSON.stringify(data, null, 2));
    notify(...success('adpUsers.access.copied'));
  };
  const importDefs = async () => {
    let parsed: AccessExport | undefined;
    try {
      parsed = parseAccessImport(await navigator.clipboard.readText());
    } catch {
      parsed = undefined;
    }
    if (!parsed) {
      setImportError(true);
      return;
    }
    setImportError(false);
    // Imported rows get ids of their own that do not clash with the rows kept.
    const taken = value.map((d) => d.id);
    const rows = parsed.accessDefinitions.map((d) => {
      const id = d.id >= 1000 && d.id <= 10000 && !taken.includes(d.id) ? d.id : randomAccessId(taken);
      taken.push(id);
      return { ...d, id, osmId: d.osmId?.trim() || null };
    });
    onChange(rows);
    notify('adpUsers.access.imported', { type: 'info', messageArgs: { count: rows.length } });
  };
  const cell = { py: 0.5, px: 0.5 } as const;
  // A CLIENT holds only its contractor's own access: no rows beyond that one.
  const canAdd = allowsAdditionalAccess(type) || value.length === 0;
  return (
    <Stack spacing={1}>
      {importError && (
        <Alert severity="error" data-testid="adp-import-error">
          {translate('adpUsers.access.importError')}
        </Alert>
      )}
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('adpUsers.access.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={cell}>ID</TableCell>
                <TableCell sx={cell}>{translate('adpUsers.access.sponsorId')}</TableCell>
                <TableCell sx={cell}>{translate('adpUsers.access.osmId')}</TableCell>
                <TableCell sx={cell}>{translate('adpUsers.access.installationId')}</TableCell>
                <TableCell sx={cell}>{translate('adpUsers.access.visibility')}</TableCell>
                <TableCell sx={cell}>{translate('adpUsers.access.canBeEdited')}</TableCell>
                <TableCell sx={cell} />
              </TableRow>
            </TableHead>
            <TableBody>
              {value.map((d) => {
                const locked = disabled || !d.canBeEdited;
                const invalid = !reachesSomething(d);
                return (
                  <TableRow key={d.id} data-testid={`access-row-${d.id}`}>
                    <TableCell sx={cell}>{d.id}</TableCell>
                    <TableCell sx={cell}>
                      <TextField
                        size="small"
                        value={d.sponsorId ?? ''}
                        disabled={locked}
                        error={invalid}
                        inputMode="numeric"
                        slotProps={{ htmlInput: { 'aria-label': `${translate('adpUsers.access.sponsorId')} ${d.id}` } }}
                        onChange={(e) => set(d.id, { sponsorId: intOrNull(e.target.value) })}
                        sx={{ width: 110 }}
                      />
                    </TableCell>
                    <TableCell sx={cell}>
                      <TextField
                        size="small"
                        value={d.osmId ?? ''}
                        disabled={locked}
                        error={invalid}
                        slotProps={{
                          htmlInput: { maxLength: 100, 'aria-label': `${translate('adpUsers.access.osmId')} ${d.id}` },
                        }}
                        onChange={(e) => set(d.id, { osmId: e.target.value === '' ? null : e.target.value })}
                        sx={{ width: 130 }}
                      />
                    </TableCell>
                    <TableCell sx={cell}>
                      <TextField
                        size="small"
                        value={d.installationId ?? ''}
                        disabled={locked}
                        error={invalid}
                        inputMode="numeric"
                        slotProps={{
                          htmlInput: { 'aria-label': `${translate('adpUsers.access.installationId')} ${d.id}` },
                        }}
                        onChange={(e) => set(d.id, { installationId: intOrNull(e.target.value) })}
                        sx={{ width: 110 }}
                      />
                    </TableCell>
                    <TableCell sx={cell}>
                      <TextField
                        select
                        size="small"
                        value={d.visibility}
                        disabled={locked}
                        slotProps={{
                          htmlInput: { 'aria-label': `${translate('adpUsers.access.visibility')} ${d.id}` },
                        }}
                        onChange={(e) => set(d.id, { visibility: e.target.value as AccessDefinition['visibility'] })}
                        sx={{ width: 110 }}
                      >
                        {ACCESS_VISIBILITY.map((v) => (
                          <MenuItem key={v} value={v}>
                            {translate(`adpUsers.visibility.${v}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                    <TableCell sx={cell}>
                      <Checkbox
                        size="small"
                        checked={d.canBeEdited}
                        disabled={disabled}
                        onChange={(e) => set(d.id, { canBeEdited: e.target.checked })}
                        slotProps={{ input: { 'aria-label': `${translate('adpUsers.access.canBeEdited')} ${d.id}` } }}
                      />
                    </TableCell>
                    <TableCell sx={cell}>
                      <Tooltip title={translate('adpUsers.access.remove', { id: d.id })}>
                        <span>
                          <IconButton
                            size="small"
                            disabled={disabled}
                            aria-label={translate('adpUsers.access.remove', { id: d.id })}
                            onClick={() => onChange(value.filter((x) => x.id !== d.id))}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {!allowsAdditionalAccess(type) && (
        <Typography variant="caption" color="text.secondary">
          {translate('adpUsers.access.notAdditional')}
        </Typography>
      )}
      {value.some((d) => !reachesSomething(d)) && (
        <Typography variant="caption" color="error">
          {translate('adpUsers.access.needsOne')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button size="small" startIcon={<AddIcon />} onClick={add} disabled={disabled || !canAdd}>
          {translate('adpUsers.access.add')}
        </Button>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void exportDefs()} disabled={disabled}>
          {translate('adpUsers.access.export')}
        </Button>
        <Button size="small" startIcon={<ContentPasteIcon />} onClick={() => void importDefs()} disabled={disabled}>
          {translate('adpUsers.access.import')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <SensorsCount definitions={value} />
      </Stack>
    </Stack>
  );
}
