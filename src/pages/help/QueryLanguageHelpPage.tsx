/**
 * The query-language documentation inside the console (the toolbar's help link): grammar in
 * words, operators, values, durations, SEARCH, tags, examples (common/query/help.ts, each with a
 * link that runs it) and the field catalogue of every list as the current user may query it.
 */
import { useEffect, type ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  DURATION_UNITS,
  KEYWORDS,
  MAX_QUERY_LENGTH,
  QUERY_EXAMPLES,
  QUERY_OPERATORS,
  QUERY_VALUES,
  printField,
  type EntityName,
  type FieldDef,
  type FieldType,
} from '../../../common/query';
import { QueryText } from '../../components/query/QueryText';
import { useQueryCatalogue } from '../../components/query/useQueryCatalogue';

const LISTS: { list: EntityName; title: string; path: string; editor: boolean }[] = [
  { list: 'installations', title: 'Installations', path: '/installations', editor: true },
  { list: 'sensors', title: 'Sensors', path: '/sensors', editor: true },
  { list: 'contractors', title: 'Contractors', path: '/contractors', editor: true },
  { list: 'requests', title: 'Installation requests', path: '/installation-requests', editor: false },
];

const DURATION_WORDS: Record<(typeof DURATION_UNITS)[number], string> = {
  m: 'minutes',
  h: 'hours',
  d: 'days',
  w: 'weeks',
};

const TYPE_RULES: { type: FieldType; operators: string; values: string }[] = [
  { type: 'integer', operators: '=  !=  <  <=  >  >=  in  not in', values: 'whole numbers' },
  { type: 'number', operators: '=  !=  <  <=  >  >=  in  not in', values: 'numbers (12, -3.5)' },
  {
    type: 'string',
    operators: '=  !=  ~  !~  <  <=  >  >=  in  not in',
    values: '"quoted text", single bare words or numbers; ~ means contains (case-insensitive)',
  },
  { type: 'boolean', operators: '=  !=', values: 'true, false' },
  {
    type: 'date',
    operators: '=  !=  <  <=  >  >=  in  not in',
    values: 'ISO dates, "quoted dates" and now() ± duration',
  },
  {
    type: 'datetime',
    operators: '=  !=  <  <=  >  >=  in  not in',
    values: 'ISO date-times, dates (a date alone means that whole day, UTC) and now() ± duration',
  },
  {
    type: 'enum',
    operators: '=  !=  in  not in',
    values: 'one of the listed values, bare or quoted, case-insensitive',
  },
  {
    type: 'set',
    operators: '=  !=  in  not in',
    values: 'a list such as measured: measured = pm25 means the list contains pm25; in (a, b) means it contains any',
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }} id={id} component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`${id}-title`} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Code = ({ children }: { children: string }) => <QueryText value={children} />;

/** `tag.Roof type` as it is written in a query: `tag."Roof type"`. */
const displayName = (name: string) =>
  name.startsWith('tag.') ? printField({ path: ['tag', name.slice(4)], span: { start: 0, end: 0 } }) : name;

function FieldTable({ fields }: { fields: FieldDef[] }) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Meaning and values</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((f) => (
          <TableRow key={f.name} data-field={f.name}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Code>{displayName(f.name)}</Code>
            </TableCell>
            <TableCell>
              {f.type}
              {f.search && (
                <Chip size="small" label="SEARCH" variant="outlined" sx={{ ml: 1, height: 18, fontSize: 10 }} />
              )}
            </TableCell>
            <TableCell>
              {f.description}
              {f.values && f.values.length > 0 && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  component="div"
                  sx={{ fontFamily: 'monospace', fontSize: 12 }}
                >
                  {f.values.join(', ')}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ListCatalogue({ list, title, path, editor }: (typeof LISTS)[number]) {
  const catalogue = useQueryCatalogue(list);
  if (!catalogue) return null;
  const examples = QUERY_EXAMPLES[list];
  return (
    <Section id={`fields-${list}`} title={`${title}: fields and examples`}>
      {!editor && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          The installation requests list uses the language for its active and archived views and for plain search.
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3">
        Examples
      </Typography>
      <Table size="small" sx={{ mb: 2 }}>
        <TableBody>
          {examples.map((e) => (
            <TableRow key={e.query}>
              <TableCell sx={{ width: '50%' }}>
                <Code>{e.query}</Code>
              </TableCell>
              <TableCell>{e.meaning}</TableCell>
              <TableCell align="right">
                {editor && (
                  <Link
                    component={RouterLink}
                    to={`${path}?${new URLSearchParams({ search: e.query, advanced: 'true' })}`}
                  >
                    Run
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h3">
        Fields ({catalogue.fields.length})
      </Typography>
      <FieldTable fields={[...catalogue.fields]} />
    </Section>
  );
}

export function QueryLanguageHelpPage() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    const id = window.setTimeout(
      () => document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' }),
      100,
    );
    return () => window.clearTimeout(id);
  }, [location.hash]);

  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }} data-testid="query-help">
      <Title title="Query language" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        Query language
      </Typography>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        Turn on <b>Advanced</b> next to the search box on Installations, Sensors or Contractors to filter the list with
        a query. Type a query and press Enter; completion offers fields, operators and values as you type (Tab or the
        arrow keys and Enter pick one, Ctrl+Space opens the list, Escape closes it). Mistakes are underlined and
        explained under the box. Plain search is the same as <Code>{'SEARCH("text")'}</Code>. Save queries you use often
        from the star menu; they are listed under{' '}
        <Link component={RouterLink} to="/preferences/queries/installations">
          saved queries
        </Link>
        .
      </Typography>

      <Section id="grammar" title="How a query is built">
        <Typography variant="body2" component="div">
          <ul>
            <li>
              A <b>condition</b> is a field, an operator and a value: <Code>status = Installed</Code>. A list of values
              uses <Code>in</Code> or <Code>not in</Code>: <Code>communication in (GSM, WIFI)</Code>.
            </li>
            <li>
              Conditions combine with <Code>and</Code>, <Code>or</Code> and <Code>not</Code>; <Code>and</Code> binds
              tighter than <Code>or</Code>, so use parentheses to group:{' '}
              <Code>(status = Installed or status = Ready) and isVisible = true</Code>.
            </li>
            <li>
              <Code>SEARCH("text")</Code> is a condition too: every word of the text must appear in one of the list's
              searchable fields (marked SEARCH below), or equal a numeric id.
            </li>
            <li>
              Keywords ({KEYWORDS.join(', ')}) and function names (SEARCH, now) ignore case; field names do too. Spaces
              between parts are optional. An empty query shows everything. A query holds at most {MAX_QUERY_LENGTH}{' '}
              characters.
            </li>
            <li>
              <Code>!=</Code>, <Code>not in</Code>, <Code>!~</Code> and <Code>not</Code> are exact opposites: they also
              match rows where the field is empty. Use <Code>= null</Code> or <Code>!= null</Code> to test for empty
              fields.
            </li>
          </ul>
        </Typography>
        <Box
          component="pre"
          sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 12, overflowX: 'auto', m: 0 }}
          aria-label="Grammar"
        >
          {`query      = [ or ]
or         = and { "or" and }
and        = unary { "and" unary }
unary      = "not" unary | primary
primary    = "(" or ")" | SEARCH "(" string ")" | predicate
predicate  = field compare value | field [ "not" ] "in" "(" value { "," value } ")"
compare    = "=" | "!=" | "<" | "<=" | ">" | ">=" | "~" | "!~"
field      = name { "." ( name | string ) }
value      = number | string | true | false | null | word | date | now() [ ("+" | "-") duration ]`}
        </Box>
      </Section>

      <Section id="operators" title="Operators">
        <Table size="small">
          <TableBody>
            {QUERY_OPERATORS.map((o) => (
              <TableRow key={o.op}>
                <TableCell sx={{ width: 200, whiteSpace: 'nowrap' }}>
                  <Code>{o.op}</Code>
                </TableCell>
                <TableCell>{o.meaning}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section id="values" title="Values">
        <Table size="small">
          <TableBody>
            {QUERY_VALUES.map((v) => (
              <TableRow key={v.form}>
                <TableCell sx={{ width: 300 }}>
                  <Code>{v.form}</Code>
                </TableCell>
                <TableCell>{v.meaning}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Which values each type of field takes
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Type</TableCell>
              <TableCell>Operators</TableCell>
              <TableCell>Values</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {TYPE_RULES.map((r) => (
              <TableRow key={r.type}>
                <TableCell>{r.type}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre' }}>{r.operators}</TableCell>
                <TableCell>{r.values}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Every field also accepts <Code>= null</Code> and <Code>!= null</Code>.
        </Typography>
      </Section>

      <Section id="durations" title="Dates, now() and durations">
        <Typography variant="body2" sx={{ mb: 2 }}>
          <Code>now()</Code> is the current time. Add or subtract a duration — a whole number followed by a unit:{' '}
          {DURATION_UNITS.map((u) => `${u} (${DURATION_WORDS[u]})`).join(', ')}. There is no unit for months or years;
          use weeks or an ISO date.
        </Typography>
        <Table size="small">
          <TableBody>
            {[
              ['lastMeasurement < now() - 3d', 'no measurement for more than 3 days'],
              ['installationDate >= now() - 2w', 'installed in the last two weeks'],
              ['endOfDeal < now() + 30m', 'the deal ends within half an hour'],
              ['installationDate = 2026-01-31', 'installed on 31 January 2026 (UTC)'],
              ['date > 2026-01-31T10:00:00+01:00', 'changed after 10:00 Warsaw winter time'],
            ].map(([q, m]) => (
              <TableRow key={q}>
                <TableCell sx={{ width: '50%' }}>
                  <Code>{q!}</Code>
                </TableCell>
                <TableCell>{m}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section id="search" title="SEARCH">
        <Typography variant="body2" sx={{ mb: 2 }}>
          <Code>{'SEARCH("text")'}</Code> splits the text into words; a row matches when every word is found in one of
          the list's searchable text fields (case-insensitive, anywhere in the field) or equals one of its numeric ids.
          The plain search box sends exactly this. Quote marks and backslashes inside the text are written{' '}
          <Code>{'\\"'}</Code> and <Code>{'\\\\'}</Code>. It combines with other conditions:{' '}
          <Code>{'SEARCH("Kraków") and status = Installed'}</Code>.
        </Typography>
      </Section>

      <Section id="tags" title="Tags">
        <Typography variant="body2" sx={{ mb: 2 }}>
          Installations, sensors and contractors carry tags. Query a tag by its name after <Code>tag.</Code>:{' '}
          <Code>tag.Mounting = Roof</Code>; quote names with spaces or other characters:{' '}
          <Code>{'tag."Roof type" in (Flat, Pitched)'}</Code>. A tag's type decides its values: FLOAT and INTEGER tags
          are numbers, BOOLEAN tags true or false, ENUM tags one of their values, the others text. You can query only
          the tags you may see; they are listed with each list's fields below.
        </Typography>
      </Section>

      {LISTS.map((l) => (
        <ListCatalogue key={l.list} {...l} />
      ))}
    </Box>
  );
}
