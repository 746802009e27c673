/**
 * The sensor-management query language, shared by the console (highlighting, completion, error
 * underline) and the server (compiled to parameterised SQL in server/query/compile.ts).
 *
 *   query      = [ or ] ;                                   (* blank: no filter *)
 *   or         = and { "or" and } ;                         (* and binds tighter than or *)
 *   and        = unary { "and" unary } ;
 *   unary      = "not" unary | primary ;
 *   primary    = "(" or ")" | search | predicate ;
 *   search     = "SEARCH" "(" string ")" ;                  (* every word in some text field *)
 *   predicate  = field compare value
 *              | field [ "not" ] "in" "(" value { "," value } ")" ;
 *   compare    = "=" | "!=" | "<" | "<=" | ">" | ">=" | "~" | "!~" ;   (* ~ contains, case-insensitive *)
 *   field      = ident { "." ( ident | string ) } ;        (* tag."Roof type", pm25Value *)
 *   value      = [ "-" ] number | string | "true" | "false" | "null" | word | date | now ;
 *   now        = "now" "(" ")" [ ( "+" | "-" ) duration ] ;
 *   duration   = digits ( "m" | "h" | "d" | "w" ) ;         (* minutes, hours, days, weeks *)
 *   date       = yyyy "-" mm "-" dd [ "T" hh ":" mm [ ":" ss [ "." fraction ] ] [ "Z" | ±hh:mm ] ] ;
 *   string     = '"' { char | '\"' | '\\' } '"' ;
 *   ident/word = ( letter | "_" ) { letter | digit | "_" | "-" letter-or-digit } ;   (* T-Mobile *)
 *
 * Keywords (and, or, not, in, true, false, null) and function names (SEARCH, now) are
 * case-insensitive. Negative operators (`!=`, `not in`, `!~`, `not`) are exact negations: they
 * also match rows where the field is empty.
 */
export * from './ast';
export * from './messages';
export { lex, isPlainIdentifier, isKeyword, KEYWORDS, FUNCTIONS, type LexToken, type LexKind } from './lexer';
export { parseQuery, tryParseQuery, MAX_DEPTH, MAX_QUERY_LENGTH } from './parser';
export { printQuery, printValue, printField } from './print';
export {
  tokenize,
  completions,
  type TokenKind,
  type HighlightToken,
  type CompletionItem,
  type CompletionResult,
} from './editor';
export * from './catalogues';
export {
  QUERY_OPERATORS,
  QUERY_VALUES,
  QUERY_EXAMPLES,
  englishQueryHelpMessages,
  queryHelpKey,
  type QueryHelpEntry,
  type QueryHelpTable,
} from './help';
export { quoteString, searchExpression, listQuery } from '../search';
