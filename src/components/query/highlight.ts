/**
 * Highlighting of the query language: the text cut into runs of one token kind (from `tokenize`),
 * with the error range marked, and the colours of each kind for the light and dark themes.
 */
import { tokenize, type TokenKind } from '../../../common/query';

export interface Segment {
  text: string;
  /** Token kind, or undefined for whitespace between tokens. */
  kind?: TokenKind;
  /** Inside the error range. */
  error: boolean;
}

export interface ErrorRange {
  start: number;
  end: number;
}

/** Runs of equal highlighting; an empty error range at the end of the text gets a one-space run. */
export function segments(text: string, error?: ErrorRange | null): Segment[] {
  const kinds: (TokenKind | undefined)[] = new Array(text.length).fill(undefined);
  for (const t of tokenize(text)) for (let i = t.start; i < t.end && i < text.length; i++) kinds[i] = t.kind;
  const err = error
    ? {
        start: Math.max(0, Math.min(error.start, text.length)),
        end: Math.min(Math.max(error.end, error.start), text.length),
      }
    : null;
  const out: Segment[] = [];
  for (let i = 0; i < text.length; i++) {
    const kind = kinds[i];
    const inError = err !== null && i >= err.start && i < Math.max(err.end, err.start + 1);
    const last = out[out.length - 1];
    if (last && last.kind === kind && last.error === inError) last.text += text[i];
    else out.push({ text: text[i]!, kind, error: inError });
  }
  // An error at the very end (something is missing): underline a space after the text.
  if (err && err.start >= text.length) out.push({ text: ' ', error: true });
  return out;
}

/** The error range a server message names ("… at position 12 …"): the token starting there. */
export function rangeFromMessage(text: string, message: string | null | undefined): ErrorRange | null {
  const m = message ? /position (\d+)/.exec(message) : null;
  if (!m) return null;
  const start = Number(m[1]);
  const token = tokenize(text).find((t) => t.start <= start && start < t.end);
  return { start, end: token ? token.end : start + 1 };
}

type Palette = Record<TokenKind, string>;

export const TOKEN_COLOURS: Record<'light' | 'dark', Palette> = {
  light: {
    keyword: '#7b1fa2',
    field: '#1565c0',
    operator: '#5d4037',
    string: '#2e7d32',
    number: '#00838f',
    word: '#ad5a00',
    punctuation: '#546e7a',
    function: '#c2185b',
    error: '#d32f2f',
  },
  dark: {
    keyword: '#ce93d8',
    field: '#90caf9',
    operator: '#bcaaa4',
    string: '#a5d6a7',
    number: '#80deea',
    word: '#ffcc80',
    punctuation: '#b0bec5',
    function: '#f48fb1',
    error: '#ef9a9a',
  },
};

export const TOKEN_CLASS = (kind: TokenKind) => `aq-q-${kind}`;
export const ERROR_CLASS = 'aq-q-error-range';

/** sx rules colouring the token classes inside an element. */
export function tokenStyles(mode: 'light' | 'dark') {
  const palette = TOKEN_COLOURS[mode];
  const rules: Record<string, object> = {};
  for (const [kind, colour] of Object.entries(palette)) rules[`& .aq-q-${kind}`] = { color: colour };
  rules['& .aq-q-keyword, & .aq-q-function'] = { fontWeight: 600 };
  // A drawn wave rather than text-decoration: Chrome misplaces wavy decorations on short runs.
  const wave = `<svg xmlns="http://www.w3.org/2000/svg" width="6" height="3"><path d="M0 1.5 Q1.5 -0.5 3 1.5 T6 1.5" fill="none" stroke="${palette.error}" stroke-width="1"/></svg>`;
  rules[`& .${ERROR_CLASS}`] = {
    backgroundImage: `url("data:image/svg+xml,${encodeURIComponent(wave)}")`,
    backgroundRepeat: 'repeat-x',
    backgroundPosition: 'left bottom',
    paddingBottom: '3px',
  };
  return rules;
}
