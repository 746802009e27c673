/**
 * The query-language documentation inside the console (the toolbar's help link): grammar in
 * words, operators, values, durations, SEARCH, tags, examples (common/query/help.ts, each with a
 * link that runs it) and the field catalogue of every list as the current user may query it.
 * Its sentences are messages under `help.queryLanguage`; query syntax stays literal, as code.
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
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  DURATION_UNITS,
  KEYWORDS,
  MAX_QUERY_LENGTH,
  QUERY_EXAMPLES,
  QUERY_OPERATORS,
  QUERY_VALUES,
  printField,
  queryHelpKey,
  type EntityName,
  type FieldDef,
  type FieldType,
} from '../../../common/query';
import { QueryText } from '../../components/query/QueryText';
import { RichMessage } from '../../components/RichMessage';
import { useQueryCatalogue } from '../../components/query/useQueryCatalogue';

const LISTS: { list: EntityName; titleKey: string; path: string; editor: boolean }[] = [
  { list: 'installations', titleKey: 'help.queryLanguage.lists.installations', path: '/installations', editor: true },
  { list: 'sensors', titleKey: 'help.queryLanguage.lists.sensors', path: '/sensors', editor: true },
  { list: 'contractors', titleKey: 'help.queryLanguage.lists.contractors', path: '/contractors', editor: true },
  { list: 'requests', titleKey: 'help.queryLanguage.lists.requests', path: '/installation-requests', editor: false },
];

const UNIT_KEYS: Record<(typeof DURATION_UNITS)[number], string> = {
  m: 'help.queryLanguage.durations.units.m',
  h: 'help.queryLanguage.durations.units.h',
  d: 'help.queryLanguage.durations.units.d',
  w: 'help.queryLanguage.durations.units.w',
};

const ORDERED = '=  !=  <  <=  >  >=  in  not in';
const TYPE_RULES: { type: FieldType; operators: string; valuesKey: string }[] = [
  { type: 'integer', operators: ORDERED, valuesKey: 'help.queryLanguage.types.integer' },
  { type: 'number', operators: ORDERED, valuesKey: 'help.queryLanguage.types.number' },
  { type: 'string', operators: '=  !=  ~  !~  <  <=  >  >=  in  not in', valuesKey: 'help.queryLanguage.types.string' },
  { type: 'boolean', operators: '=  !=', valuesKey: 'help.queryLanguage.types.boolean' },
  { type: 'date', operators: ORDERED, valuesKey: 'help.queryLanguage.types.date' },
  { type: 'datetime', operators: ORDERED, valuesKey: 'help.queryLanguage.types.datetime' },
  { type: 'enum', operators: '=  !=  in  not in', valuesKey: 'help.queryLanguage.types.enum' },
  { type: 'set', operators: '=  !=  in  not in', valuesKey: 'help.queryLanguage.types.set' },
];

const DURATION_EXAMPLES: { query: string; meaningKey: string }[] = [
  { query: 'lastMeasurement < now() - 3d', meaningKey: 'help.queryLanguage.durations.noMeasurement' },
  { query: 'installationDate >= now() - 2w', meaningKey: 'help.queryLanguage.durations.installedRecently' },
  { query: 'endOfDeal < now() + 30m', meaningKey: 'help.queryLanguage.durations.dealEnds' },
  { query: 'installationDate = 2026-01-31', meaningKey: 'help.queryLanguage.durations.installedOn' },
  { query: 'date > 2026-01-31T10:00:00+01:00', meaningKey: 'help.queryLanguage.durations.changedAfter' },
];

/** The grammar, as query syntax (not translated). */
const GRAMMAR = `query      = [ or ]
or         = and { "or" and }
and        = unary { "and" unary }
unary      = "not" unary | primary
primary    = "(" or ")" | SEARCH "(" string ")" | predicate
predicate  = field compare value | field [ "not" ] "in" "(" value { "," value } ")"
compare    = "=" | "!=" | "<" | "<=" | ">" | ">=" | "~" | "!~"
field      = name { "." ( name | string ) }
value      = number | string | true | false | null | word | date | now() [ ("+" | "-") duration ]`;

/** The SEARCH keyword, as written in a query. */
const SEARCH_KEYWORD = 'SEARCH';

function Section({ id, titleKey, children }: { id: string; titleKey: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mb: 2 }} id={id} component="section" aria-labelledby={`${id}-title`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`${id}-title`} gutterBottom>
          {translate(titleKey)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Query syntax, highlighted. */
const Code = ({ q }: { q: string }) => <QueryText value={q} />;

/** `tag.Roof type` as it is written in a query: `tag."Roof type"`. */
const displayName = (name: string) =>
  name.startsWith('tag.') ? printField({ path: ['tag', name.slice(4)], span: { start: 0, end: 0 } }) : name;

function FieldTable({ fields }: { fields: FieldDef[] }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('help.queryLanguage.lists.field')}</TableCell>
          <TableCell>{translate('help.queryLanguage.lists.type')}</TableCell>
          <TableCell>{translate('help.queryLanguage.lists.meaning')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((f) => (
          <TableRow key={f.name} data-field={f.name}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Code q={displayName(f.name)} />
            </TableCell>
            <TableCell>
              {f.type}
              {f.search && (
                <Chip size="small" label={SEARCH_KEYWORD} variant="outlined" sx={{ ml: 1, height: 18, fontSize: 10 }} />
              )}
            </TableCell>
            <TableCell>
              {f.descriptionKey
                ? translate(f.descriptionKey, { ...f.descriptionValues, _: f.description })
                : f.description}
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

function ListCatalogue({ list, titleKey, path, editor }: (typeof LISTS)[number]) {
  const translate = useTranslate();
  const catalogue = useQueryCatalogue(list);
  if (!catalogue) return null;
  const examples = QUERY_EXAMPLES[list];
  return (
    <Card sx={{ mb: 2 }} id={`fields-${list}`} component="section" aria-labelledby={`fields-${list}-title`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`fields-${list}-title`} gutterBottom>
          {translate('help.queryLanguage.lists.heading', { list: translate(titleKey) })}
        </Typography>
        {!editor && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('help.queryLanguage.lists.requestsNote')}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3">
          {translate('help.queryLanguage.lists.examples')}
        </Typography>
        <Table size="small" sx={{ mb: 2 }}>
          <TableBody>
            {examples.map((e) => (
              <TableRow key={e.query}>
                <TableCell sx={{ width: '50%' }}>
                  <Code q={e.query} />
                </TableCell>
                <TableCell>{translate(queryHelpKey(`examples.${list}`, e))}</TableCell>
                <TableCell align="right">
                  {editor && (
                    <Link
                      component={RouterLink}
                      to={`${path}?${new URLSearchParams({ search: e.query, advanced: 'true' })}`}
                    >
                      {translate('help.queryLanguage.lists.run')}
                    </Link>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" component="h3">
          {translate('help.queryLanguage.lists.fields', { count: catalogue.fields.length })}
        </Typography>
        <FieldTable fields={[...catalogue.fields]} />
      </CardContent>
    </Card>
  );
}

export function QueryLanguageHelpPage() {
  const translate = useTranslate();
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    const id = window.setTimeout(
      () => document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' }),
      100,
    );
    return () => window.clearTimeout(id);
  }, [location.hash]);

  const search = <Code q={'SEARCH("text")'} />;
  const isNull = <Code q="= null" />;
  const notNull = <Code q="!= null" />;

  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }} data-testid="query-help">
      <Title title="help.queryLanguage.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('help.queryLanguage.title')}
      </Typography>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        <RichMessage
          msgKey="help.queryLanguage.intro"
          values={{
            advanced: <b>{translate('help.queryLanguage.advanced')}</b>,
            search,
            savedQueries: (
              <Link component={RouterLink} to="/preferences/queries/installations">
                {translate('help.queryLanguage.savedQueries')}
              </Link>
            ),
          }}
        />
      </Typography>

      <Section id="grammar" titleKey="help.queryLanguage.grammar.title">
        <Typography variant="body2" component="div">
          <ul>
            <li>
              <RichMessage
                msgKey="help.queryLanguage.grammar.condition"
                values={{
                  condition: <b>{translate('help.queryLanguage.grammar.conditionWord')}</b>,
                  example: <Code q="status = Installed" />,
                  in: <Code q="in" />,
                  notIn: <Code q="not in" />,
                  listExample: <Code q="communication in (GSM, WIFI)" />,
                }}
              />
            </li>
            <li>
              <RichMessage
                msgKey="help.queryLanguage.grammar.combine"
                values={{
                  and: <Code q="and" />,
                  or: <Code q="or" />,
                  not: <Code q="not" />,
                  example: <Code q="(status = Installed or status = Ready) and isVisible = true" />,
                }}
              />
            </li>
            <li>
              <RichMessage msgKey="help.queryLanguage.grammar.search" values={{ search }} />
            </li>
            <li>
              <RichMessage
                msgKey="help.queryLanguage.grammar.keywords"
                values={{ keywords: KEYWORDS.join(', '), max: MAX_QUERY_LENGTH }}
              />
            </li>
            <li>
              <RichMessage
                msgKey="help.queryLanguage.grammar.opposites"
                values={{
                  ne: <Code q="!=" />,
                  notIn: <Code q="not in" />,
                  notContains: <Code q="!~" />,
                  not: <Code q="not" />,
                  isNull,
                  notNull,
                }}
              />
            </li>
          </ul>
        </Typography>
        <Box
          component="pre"
          sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 12, overflowX: 'auto', m: 0 }}
          aria-label={translate('help.queryLanguage.grammar.label')}
        >
          {GRAMMAR}
        </Box>
      </Section>

      <Section id="operators" titleKey="help.queryLanguage.operators.title">
        <Table size="small">
          <TableBody>
            {QUERY_OPERATORS.map((o) => (
              <TableRow key={o.op}>
                <TableCell sx={{ width: 200, whiteSpace: 'nowrap' }}>
                  <Code q={o.op} />
                </TableCell>
                <TableCell>{translate(queryHelpKey('operators', o))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section id="values" titleKey="help.queryLanguage.values.title">
        <Table size="small">
          <TableBody>
            {QUERY_VALUES.map((v) => (
              <TableRow key={v.form}>
                <TableCell sx={{ width: 300 }}>
                  <Code q={v.form} />
                </TableCell>
                <TableCell>{translate(queryHelpKey('values', v))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {translate('help.queryLanguage.values.byType')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('help.queryLanguage.values.type')}</TableCell>
              <TableCell>{translate('help.queryLanguage.values.operators')}</TableCell>
              <TableCell>{translate('help.queryLanguage.values.values')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {TYPE_RULES.map((r) => (
              <TableRow key={r.type}>
                <TableCell>{r.type}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre' }}>{r.operators}</TableCell>
                <TableCell>{translate(r.valuesKey)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <RichMessage msgKey="help.queryLanguage.values.nullable" values={{ isNull, notNull }} />
        </Typography>
      </Section>

      <Section id="durations" titleKey="help.queryLanguage.durations.title">
        <Typography variant="body2" sx={{ mb: 2 }}>
          <RichMessage
            msgKey="help.queryLanguage.durations.intro"
            values={{
              now: <Code q="now()" />,
              units: DURATION_UNITS.map((u) =>
                translate('help.queryLanguage.durations.unit', { unit: u, word: translate(UNIT_KEYS[u]) }),
              ).join(', '),
            }}
          />
        </Typography>
        <Table size="small">
          <TableBody>
            {DURATION_EXAMPLES.map((e) => (
              <TableRow key={e.query}>
                <TableCell sx={{ width: '50%' }}>
                  <Code q={e.query} />
                </TableCell>
                <TableCell>{translate(e.meaningKey)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section id="search" titleKey="help.queryLanguage.search.title">
        <Typography variant="body2" sx={{ mb: 2 }}>
          <RichMessage
            msgKey="help.queryLanguage.search.intro"
            values={{
              search,
              quote: <Code q={'\\"'} />,
              backslash: <Code q={'\\\\'} />,
              example: <Code q={'SEARCH("Kraków") and status = Installed'} />,
            }}
          />
        </Typography>
      </Section>

      <Section id="tags" titleKey="help.queryLanguage.tags.title">
        <Typography variant="body2" sx={{ mb: 2 }}>
          <RichMessage
            msgKey="help.queryLanguage.tags.intro"
            values={{
              prefix: <Code q="tag." />,
              example: <Code q="tag.Mounting = Roof" />,
              quoted: <Code q={'tag."Roof type" in (Flat, Pitched)'} />,
            }}
          />
        </Typography>
      </Section>

      {LISTS.map((l) => (
        <ListCatalogue key={l.list} {...l} />
      ))}
    </Box>
  );
}
