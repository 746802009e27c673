/**
 * The screen shared by presets and saved queries (document 2, section 2.10): the list in order with
 * move up/down, export, edit, hide/show and delete per item; create, export all and import all
 * through the clipboard. An import that is not a JSON array (or that the clipboard refuses) shows
 * the spec's error for 5 seconds.
 */
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  Chip,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { IMPORT_BANNER_MS, moveId } from '../../../common/presets';
import { ApiError } from '../../dataProviders/errors';
import { usePersonalList, usePersonalListChange, type ListApi } from './preferencesApi';
import { useSubmitOnce } from '../../components/useSubmitOnce';

type Item = { id: number; name: string; visibility: boolean };

/** Message keys: the page title, and the prefix of the list's messages (`aq.pages.presets`). */
export interface PersonalListTexts {
  title: string;
  /** Holds empty, saved, imported, importError, loadFailed, copied, copiedAll, locked, deleteTitle, deleteContent. */
  prefix: string;
}

export interface PersonalListPageProps<T extends Item, I> {
  api: ListApi<T, I>;
  texts: PersonalListTexts;
  describe(item: T): ReactNode;
  /** Items that cannot be edited, exported, hidden or deleted (preset All). */
  isLocked?(item: T): boolean;
  parse(text: string): I[] | null;
  exportOne(item: T): unknown;
  exportAll(items: T[]): unknown;
  onCreate(): void;
  onEdit(item: T): void;
  /** Links next to the buttons (the query-language help). */
  extra?: ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
}

const PAGES = [
  { path: '/preferences/presets', label: 'aq.pages.preferences.presets' },
  { path: '/preferences/queries/installations', label: 'aq.pages.preferences.installationQueries' },
  { path: '/preferences/queries/sensors', label: 'aq.pages.preferences.sensorQueries' },
];

function PreferencesTabs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const value = PAGES.some((p) => p.path === pathname) ? pathname : false;
  return (
    <Tabs value={value} sx={{ mb: 2 }} aria-label={translate('aq.pages.preferences.title')}>
      {PAGES.map((p) => (
        <Tab key={p.path} value={p.path} label={translate(p.label)} component={RouterLink} to={p.path} />
      ))}
    </Tabs>
  );
}

export function PersonalListPage<T extends Item, I>({
  api,
  texts,
  describe,
  isLocked = () => false,
  parse,
  exportOne,
  exportAll,
  onCreate,
  onEdit,
  extra,
  children,
}: PersonalListPageProps<T, I>) {
  const notify = useNotify();
  const translate = useTranslate();
  const t = (name: string, options?: Record<string, unknown>) => translate(`${texts.prefix}.${name}`, options);
  const { data: items, isPending, isError } = usePersonalList(api);
  const [importError, setImportError] = useState<{ detail?: string; at: number } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const saved = `${texts.prefix}.saved`;

  const order = usePersonalListChange(api, (ids: number[]) => api.order(ids));
  const update = usePersonalListChange(api, (item: T) => api.update(item));
  const remove = usePersonalListChange(api, (id: number) => api.remove(id));
  const importAll = usePersonalListChange(api, (list: I[]) => api.importAll(list));
  const submitting = useSubmitOnce();
  const busy = submitting.pending;

  useEffect(() => {
    if (!importError) return;
    const id = window.setTimeout(() => setImportError(null), IMPORT_BANNER_MS);
    return () => window.clearTimeout(id);
  }, [importError]);

  const copy = async (data: unknown, message: string) => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(data, null, 2));
      notify(message, { type: 'success' });
    } catch {
      notify('aq.notifications.copyFailed', { type: 'error' });
    }
  };

  const importFromClipboard = async () => {
    let text: string;
    try {
      text = await navigator.clipboard.readText();
    } catch {
      setImportError({ at: Date.now() });
      return;
    }
    const list = parse(text);
    if (!list) {
      setImportError({ at: Date.now() });
      return;
    }
    try {
      await importAll.mutateAsync(list);
      notify(`${texts.prefix}.imported`, { type: 'success', messageArgs: { smart_count: list.length } });
    } catch (e) {
      setImportError({ at: Date.now(), detail: e instanceof ApiError && e.status === 400 ? e.message : undefined });
    }
  };

  const runImport = () => submitting.run(importFromClipboard);

  /** `success` is a message key. */
  const run = (action: () => Promise<unknown>, success?: string) =>
    submitting.run(async () => {
      try {
        await action();
        if (success) notify(success, { type: 'success' });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) notify(e.message, { type: 'error' });
      }
    });

  const ids = (items ?? []).map((i) => i.id);
  const exportable = (items ?? []).filter((i) => !isLocked(i));

  return (
    <Box sx={{ mt: 2, maxWidth: 1000 }}>
      <Title title={texts.title} />
      <PreferencesTabs />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(texts.title)}
      </Typography>
      {importError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="import-error" onClose={() => setImportError(null)}>
          <AlertTitle sx={{ mb: importError.detail ? 0.5 : 0 }}>{t('importError')}</AlertTitle>
          {importError.detail}
        </Alert>
      )}
      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate} disabled={busy}>
            {translate('ra.action.create')}
          </Button>
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy(exportAll(items ?? []), `${texts.prefix}.copiedAll`)}
            disabled={exportable.length === 0}
          >
            {translate('aq.pages.preferences.exportAll')}
          </Button>
          <Button startIcon={<ContentPasteIcon />} onClick={() => void runImport()} disabled={busy}>
            {translate('aq.pages.preferences.importAll')}
          </Button>
          <Box sx={{ flex: 1 }} />
          {extra}
        </Box>
        <Divider />
        {isPending && <Typography sx={{ p: 3 }}>{translate('aq.loading')}</Typography>}
        {isError && (
          <Typography sx={{ p: 3 }} color="error">
            {t('loadFailed')}
          </Typography>
        )}
        {items && items.length === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="list-empty">
            {t('empty')}
          </Typography>
        )}
        {items && items.length > 0 && (
          <List disablePadding aria-label={translate(texts.title)}>
            {items.map((item, index) => {
              const locked = isLocked(item);
              const lockedTip = locked ? t('locked', { name: item.name }) : '';
              return (
                <ListItem
                  key={item.id}
                  divider={index < items.length - 1}
                  data-testid="personal-item"
                  data-id={item.id}
                  data-hidden={item.visibility ? 'false' : 'true'}
                  sx={{ alignItems: 'center', gap: 1, pr: 1 }}
                >
                  <ListItemText
                    sx={{ opacity: item.visibility ? 1 : 0.6, minWidth: 0 }}
                    primary={
                      <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <span data-testid="item-name">{item.name}</span>
                        {locked && <Chip size="small" label={translate('aq.pages.preferences.builtIn')} />}
                        {!item.visibility && (
                          <Chip size="small" label={translate('aq.pages.preferences.hidden')} variant="outlined" />
                        )}
                      </Box>
                    }
                    secondary={describe(item)}
                    slotProps={{ secondary: { component: 'div' } }}
                  />
                  <Box sx={{ display: 'flex', flexShrink: 0 }}>
                    <Tooltip title={translate('ra.action.move_up')}>
                      <span>
                        <IconButton
                          aria-label={translate('ra.action.move_up')}
                          size="small"
                          disabled={index === 0 || busy}
                          onClick={() => void run(() => order.mutateAsync(moveId(ids, item.id, 'up')))}
                        >
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={translate('ra.action.move_down')}>
                      <span>
                        <IconButton
                          aria-label={translate('ra.action.move_down')}
                          size="small"
                          disabled={index === items.length - 1 || busy}
                          onClick={() => void run(() => order.mutateAsync(moveId(ids, item.id, 'down')))}
                        >
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={lockedTip || translate('ra.action.export')}>
                      <span>
                        <IconButton
                          aria-label={translate('ra.action.export')}
                          size="small"
                          disabled={locked}
                          onClick={() => void copy(exportOne(item), `${texts.prefix}.copied`)}
                        >
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={lockedTip || translate('ra.action.edit')}>
                      <span>
                        <IconButton
                          aria-label={translate('ra.action.edit')}
                          size="small"
                          disabled={locked || busy}
                          onClick={() => onEdit(item)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={lockedTip || translate(item.visibility ? 'aq.actions.hide' : 'aq.actions.show')}>
                      <span>
                        <IconButton
                          aria-label={translate(item.visibility ? 'aq.actions.hide' : 'aq.actions.show')}
                          size="small"
                          disabled={locked || busy}
                          onClick={() =>
                            void run(() => update.mutateAsync({ ...item, visibility: !item.visibility }), saved)
                          }
                        >
                          {item.visibility ? (
                            <VisibilityIcon fontSize="small" />
                          ) : (
                            <VisibilityOffIcon fontSize="small" />
                          )}
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={lockedTip || translate('ra.action.delete')}>
                      <span>
                        <IconButton
                          aria-label={translate('ra.action.delete')}
                          size="small"
                          disabled={locked || busy}
                          onClick={() => setDeleting(item)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
      </Card>
      <Confirm
        isOpen={deleting !== null}
        title={`${texts.prefix}.deleteTitle`}
        content={deleting ? `${texts.prefix}.deleteContent` : ''}
        translateOptions={{ name: deleting?.name ?? '' }}
        confirm="ra.action.delete"
        confirmColor="warning"
        loading={busy}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void run(() => remove.mutateAsync(target.id));
        }}
        onClose={() => setDeleting(null)}
      />
      {children}
    </Box>
  );
}
