/**
 * Single-line editor of the query language: a transparent input over a highlighted layer, a wavy
 * underline at the error range (the local parser's, else the one the server's message names),
 * the error message in the user's language, and completion of fields, operators, enum values and keywords.
 *
 * Keys: Enter applies (or inserts the completion chosen with the arrows), Tab inserts the chosen
 * or first completion, arrows move through the list, Ctrl+Space opens it, Escape closes it.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Box,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Popper,
  Tooltip,
  Typography,
  useTheme,
  type SxProps,
  type Theme,
} from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import {
  completions,
  tryParseQuery,
  type Catalogue,
  type CompletionItem,
  type QueryMessage,
} from '../../../common/query';
import { rangeFromMessage, segments, tokenStyles, type ErrorRange } from './highlight';
import { HighlightedRuns } from './QueryText';
import { translateQueryMessage } from './queryMessages';
import { useTranslate } from 'react-admin';

/** A local error message waits until typing pauses this long. */
export const LOCAL_MESSAGE_DELAY_MS = 600;
const MAX_ITEMS = 60;
const PAD_LEFT = 12;
const PAD_RIGHT = 36;
const FONT = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  fontSize: 14,
  lineHeight: '20px',
};

export interface QueryEditorProps {
  value: string;
  onChange(value: string): void;
  /** Enter without a chosen completion. */
  onSubmit?(value: string): void;
  catalogue: Catalogue;
  /** The server's 400 message for this text, if it refused it: keyed (shown translated), or its English. */
  serverError?: QueryMessage | string | null;
  /** Where the message goes: floating under the box (toolbar), in the flow under it (forms), or nowhere. */
  messagePlacement?: 'floating' | 'below' | 'none';
  variant?: 'toolbar' | 'outlined';
  placeholder?: string;
  autoFocus?: boolean;
  inputProps?: { 'aria-label'?: string; name?: string; id?: string };
  sx?: SxProps<Theme>;
}

/** Text after inserting a completion, and where the caret goes. */
export function applyCompletion(
  text: string,
  from: number,
  to: number,
  item: CompletionItem,
): { text: string; caret: number } {
  if (item.insert === 'SEARCH("")') {
    const next = text.slice(0, from) + item.insert + text.slice(to);
    return { text: next, caret: from + 'SEARCH("'.length };
  }
  const rest = text.slice(to);
  const space = item.insert.endsWith('(') || /^\s/.test(rest) ? '' : ' ';
  const next = text.slice(0, from) + item.insert + space + rest;
  return { text: next, caret: from + item.insert.length + space.length };
}

export function QueryEditor({
  value,
  onChange,
  onSubmit,
  catalogue,
  serverError,
  messagePlacement = 'floating',
  variant = 'outlined',
  placeholder,
  autoFocus,
  inputProps,
  sx,
}: QueryEditorProps) {
  const theme = useTheme();
  const translate = useTranslate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  /** The editor with its message below it (placement `below`): the completions open under both. */
  const anchorRef = useRef<HTMLDivElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [cursor, setCursor] = useState(value.length);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [settled, setSettled] = useState(value);

  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), LOCAL_MESSAGE_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [value]);

  const localError = useMemo(() => tryParseQuery(value).error, [value]);
  const localMessage = localError ? translateQueryMessage(translate, localError.msg) : null;
  /** The server's message in English names the position of the error; the user reads it translated. */
  const serverEnglish = typeof serverError === 'object' && serverError ? serverError.en : (serverError ?? null);
  const serverMessage =
    typeof serverError === 'object' && serverError ? translateQueryMessage(translate, serverError) : serverEnglish;
  const errorRange: ErrorRange | null = localError
    ? { start: localError.position, end: localError.end }
    : serverEnglish
      ? rangeFromMessage(value, serverEnglish)
      : null;
  const message = localError ? (settled === value ? localMessage : null) : serverMessage;
  const runs = useMemo(() => segments(value, errorRange), [value, errorRange?.start, errorRange?.end]); // eslint-disable-line react-hooks/exhaustive-deps

  const result = useMemo(() => completions(value, cursor, catalogue), [value, cursor, catalogue]);
  const items = result.items.slice(0, MAX_ITEMS);
  const popupOpen = open && focused && items.length > 0;

  const syncScroll = () => {
    if (layerRef.current && inputRef.current) layerRef.current.scrollLeft = inputRef.current.scrollLeft;
  };
  const readCursor = () => {
    const input = inputRef.current;
    if (input) setCursor(input.selectionStart ?? input.value.length);
    syncScroll();
  };

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(caret, caret);
    setCursor(caret);
    syncScroll();
  }, [value]);

  useEffect(() => {
    if (!popupOpen || active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, popupOpen, listId]);

  const insert = (item: CompletionItem) => {
    const next = applyCompletion(value, result.from, result.to, item);
    pendingCaret.current = next.caret;
    onChange(next.text);
    setActive(-1);
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      readCursor();
      setOpen(true);
      return;
    }
    if (popupOpen) {
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setActive((a) => (a + 1) % items.length);
        return;
      }
      if (e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
        return;
      }
      if (e.key === 'Tab' && !e.shiftKey) {
        e.preventDefault();
        insert(items[Math.max(0, active)]!);
        return;
      }
      if (e.key === 'Enter' && active >= 0) {
        e.preventDefault();
        insert(items[active]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
        return;
      }
    } else if (e.key === 'ArrowDown' && items.length > 0) {
      e.preventDefault();
      readCursor();
      setOpen(true);
      setActive(0);
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
      setSettled(value);
      onSubmit?.(value);
    }
  };

  const toolbar = variant === 'toolbar';
  const height = toolbar ? 40 : 44;
  const activeId = popupOpen && active >= 0 ? `${listId}-${active}` : undefined;

  return (
    <Box
      ref={anchorRef}
      data-testid="query-editor-anchor"
      sx={[{ position: 'relative', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box
        ref={boxRef}
        data-testid="query-editor"
        data-error={errorRange ? 'true' : 'false'}
        sx={{
          position: 'relative',
          height,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          border: '1px solid',
          borderColor: errorRange ? 'error.main' : focused ? 'primary.main' : toolbar ? 'transparent' : 'divider',
          boxShadow: focused && !toolbar ? `0 0 0 1px ${theme.palette.primary.main}` : 'none',
          ...tokenStyles(theme.palette.mode),
        }}
      >
        <Box
          ref={layerRef}
          aria-hidden
          data-testid="query-highlight"
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `${PAD_LEFT}px`,
            right: 0,
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            pointerEvents: 'none',
            ...FONT,
          }}
        >
          <Box component="span" sx={{ whiteSpace: 'pre', pr: `${PAD_RIGHT}px`, color: 'text.primary' }}>
            <HighlightedRuns runs={runs} />
          </Box>
        </Box>
        <input
          ref={inputRef}
          {...inputProps}
          value={value}
          placeholder={placeholder}
          autoFocus={autoFocus}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={popupOpen}
          aria-controls={popupOpen ? listId : undefined}
          aria-activedescendant={activeId}
          aria-invalid={errorRange ? true : undefined}
          onChange={(e) => {
            onChange(e.target.value);
            setCursor(e.target.selectionStart ?? e.target.value.length);
            setOpen(true);
            setActive(-1);
            requestAnimationFrame(syncScroll);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={readCursor}
          onClick={readCursor}
          onSelect={readCursor}
          onScroll={syncScroll}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setOpen(false);
            setActive(-1);
          }}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            boxSizing: 'border-box',
            padding: `0 ${PAD_RIGHT}px 0 ${PAD_LEFT}px`,
            margin: 0,
            border: 'none',
            outline: 'none',
            background: 'transparent',
            color: 'transparent',
            caretColor: theme.palette.text.primary,
            ...FONT,
          }}
        />
        {errorRange && (
          <Tooltip title={message ?? localMessage ?? serverMessage ?? ''}>
            <ErrorOutlineIcon
              data-testid="query-error-icon"
              fontSize="small"
              color="error"
              sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)' }}
            />
          </Tooltip>
        )}
        <Popper
          open={popupOpen}
          anchorEl={messagePlacement === 'below' ? anchorRef.current : boxRef.current}
          placement="bottom-start"
          sx={{ zIndex: theme.zIndex.modal + 1 }}
          modifiers={[{ name: 'offset', options: { offset: [0, 4] } }]}
        >
          <Paper
            elevation={8}
            sx={{ maxHeight: 320, overflowY: 'auto', minWidth: 260, maxWidth: 520, ...tokenStyles(theme.palette.mode) }}
          >
            <List
              dense
              id={listId}
              role="listbox"
              aria-label={translate('aq.query.completions')}
              data-testid="query-completions"
            >
              {items.map((item, i) => (
                <ListItemButton
                  key={`${item.kind}:${item.label}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => insert(item)}
                  sx={{ py: 0.25 }}
                >
                  <ListItemText
                    primary={item.label}
                    secondary={
                      item.detailKey ? translate(item.detailKey, { ...item.detailValues, _: item.detail }) : item.detail
                    }
                    slotProps={{
                      primary: {
                        sx: { fontFamily: FONT.fontFamily, fontSize: 13 },
                        className: `aq-q-${item.kind === 'value' ? 'word' : item.kind}`,
                      },
                      secondary: { noWrap: true, sx: { fontSize: 11 } },
                    }}
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        </Popper>
      </Box>
      {/* A floating message would lie under the completions; one below the editor stays, above them. */}
      {message && messagePlacement !== 'none' && (messagePlacement === 'below' || !popupOpen) && (
        <Typography
          data-testid="query-error-message"
          variant="caption"
          component="div"
          sx={
            messagePlacement === 'floating'
              ? {
                  position: 'absolute',
                  top: '100%',
                  left: 0,
                  right: 0,
                  mt: 0.5,
                  zIndex: theme.zIndex.appBar + 1,
                  bgcolor: 'background.paper',
                  color: 'error.main',
                  border: '1px solid',
                  borderColor: 'error.main',
                  borderRadius: 1,
                  boxShadow: 3,
                  px: 1.5,
                  py: 0.75,
                  lineHeight: 1.4,
                  whiteSpace: 'normal',
                }
              : { color: 'error.main', mt: 0.5, display: 'block', lineHeight: 1.4 }
          }
        >
          {message}
        </Typography>
      )}
    </Box>
  );
}
