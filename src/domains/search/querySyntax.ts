/**
 * DataHub's search syntax, read into one typed expression for every search (REST, GraphQL, browse,
 * value counts), as its search guide (docs/how/search.md) teaches it and its query builder reads it:
 *
 * - Plain text is Elasticsearch's `simple_query_string` with AND as the default operator: `"a phrase"`,
 *   `-term` (not), `+` (and), `a | b` (or), parentheses; operators apply left to right, as Lucene's
 *   simple parser applies them (`a | b c` is `(a | b) c`). `field:value` on a known field is a match on
 *   that field's values (`tags:PII`, `name:"my table"`, `customProperties:tier=*`).
 * - After the structured prefix `/q ` (`\/q ` as clients escape it) it is `query_string`: `field: value`
 *   with `*` and `?` wildcards, `field:(a OR b)`, `AND`/`&&`, `OR`/`||`, `NOT`/`!`, `+`, `-`,
 *   `_exists_:field`, ranges (`field:>2`, `field:[1 TO 5]`). AND binds tighter than OR.
 *
 * Text that does not parse (an unbalanced parenthesis or quote, an operator without an operand) is
 * searched as plain words, as DataHub falls back to a plain text query.
 */

/** A value pattern: `*` stands for any run of characters, `?` for one, `\` makes the next character literal. */
export type Pattern = string;

export type QueryNode =
  /** Every document. */
  | { kind: 'all' }
  /** A bare term: the words of the text, each matched as a word prefix. */
  | { kind: 'text'; text: string }
  /** Quoted text: its words in sequence, each matched whole. */
  | { kind: 'phrase'; text: string }
  /** A field holding a value matching the pattern. */
  | { kind: 'field'; field: string; pattern: Pattern }
  /** A field holding some value. */
  | { kind: 'exists'; field: string }
  /** A field holding a value beyond a bound (numbers compared as numbers). */
  | { kind: 'range'; field: string; op: '>' | '>=' | '<' | '<='; value: string }
  | { kind: 'and'; of: QueryNode[] }
  | { kind: 'or'; of: QueryNode[] }
  | { kind: 'not'; of: QueryNode };

export interface ParsedQuery {
  node: QueryNode;
  /** Whether the text was a structured (`/q`) query. */
  structured: boolean;
  /** The query as text without its prefix and enclosing quotes: the name an exact match would have. */
  text: string;
}

/** DataHub's prefix of a structured query, as clients send it over REST (GraphQL's resolvers escape the slash). */
const STRUCTURED_PREFIX = /^\\?\/q\s+/;

/** Thrown inside the parser; the caller falls back to plain words. */
class QuerySyntaxError extends Error {}

/**
 * The deepest nesting of parentheses and negations read; deeper text is searched as words, so no
 * query reaches the databases' limits on expression depth.
 */
const MAX_DEPTH = 32;

const ALL: QueryNode = { kind: 'all' };

/** A literal text as a pattern: its wildcard and escape characters escaped. */
export function literalPattern(text: string): Pattern {
  return text.replace(/[\\*?]/g, (c) => `\\${c}`);
}

/** The text a pattern matches when it has no wildcard; undefined when it has one. */
export function patternLiteral(pattern: Pattern): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) out += pattern[++i];
    else if (c === '*' || c === '?') return undefined;
    else out += c;
  }
  return out;
}

/** A raw term's text with its escapes removed. */
function unescaped(raw: string): string {
  return raw.replace(/\\(.)/gs, '$1');
}

/** A raw term as a pattern: escapes of wildcard characters kept, other escapes removed. */
function rawPattern(raw: string): Pattern {
  return raw.replace(/\\(.)/gs, (_, c: string) => (c === '*' || c === '?' || c === '\\' ? `\\${c}` : c));
}

function combine(kind: 'and' | 'or', left: QueryNode, right: QueryNode): QueryNode {
  const parts = (n: QueryNode) => (n.kind === kind ? n.of : [n]);
  return { kind, of: [...parts(left), ...parts(right)] };
}

const not = (node: QueryNode): QueryNode => (node.kind === 'not' ? node.of : { kind: 'not', of: node });

/**
 * A term of the text: a bare term, or a known field's `field:value`. `urn:li:…` alone is an urn, found
 * by its value or by its words.
 */
function termNode(raw: string, field: string | undefined): QueryNode {
  if (field !== undefined) return fieldValue(field, raw);
  const text = unescaped(raw);
  if (text === '*') return ALL;
  if (/^urn:li:/i.test(text))
    return {
      kind: 'or',
      of: [
        { kind: 'field', field: 'urn', pattern: literalPattern(text) },
        { kind: 'text', text },
      ],
    };
  return { kind: 'text', text };
}

/** `field:value`: `*` alone is "has some value". */
function fieldValue(field: string, raw: string): QueryNode {
  const pattern = rawPattern(raw);
  return pattern === '*' ? { kind: 'exists', field } : { kind: 'field', field, pattern };
}

/** A cursor over the text, shared by both parsers. */
class Reader {
  pos = 0;
  constructor(readonly s: string) {}
  get done(): boolean {
    return this.pos >= this.s.length;
  }
  peek(offset = 0): string {
    return this.s[this.pos + offset] ?? '';
  }
  skipSpace(): void {
    while (!this.done && /\s/.test(this.peek())) this.pos++;
  }
  startsWith(text: string): boolean {
    return this.s.startsWith(text, this.pos);
  }
  /** A quoted phrase's text, the reader on its opening quote; a `~slop` after it is dropped. */
  quoted(): string {
    this.pos++;
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.s.length) this.pos++;
      out += this.peek();
      this.pos++;
    }
    if (this.done) throw new QuerySyntaxError('unclosed quote');
    this.pos++;
    this.suffix();
    return out;
  }
  /**
   * A term up to whitespace or one of `stops`, escapes kept; an urn's parenthesized key (`urn:li:dataset:(…)`)
   * is read whole, parentheses and all.
   */
  term(stops: string): string {
    const start = this.pos;
    while (!this.done) {
      const c = this.peek();
      if (c === '\\' && this.pos + 1 < this.s.length) {
        this.pos += 2;
        continue;
      }
      if (c === '(' && /urn:li:[^\s]*:$/i.test(this.s.slice(start, this.pos))) {
        this.balanced();
        continue;
      }
      if (/\s/.test(c) || stops.includes(c)) break;
      this.pos++;
    }
    const raw = this.s.slice(start, this.pos);
    this.suffix();
    return raw;
  }
  /** Parentheses and what they hold, nested ones included. */
  private balanced(): void {
    let depth = 0;
    do {
      const c = this.peek();
      if (c === '(') depth++;
      else if (c === ')') depth--;
      this.pos++;
    } while (depth > 0 && !this.done);
    if (depth > 0) throw new QuerySyntaxError('unclosed parenthesis');
  }
  /** Fuzziness (`~2`) and boosts (`^2`), which rank and do not select: read and dropped. */
  private suffix(): void {
    while (this.peek() === '~' || this.peek() === '^') {
      this.pos++;
      while (/[\d.]/.test(this.peek())) this.pos++;
    }
  }
}

/** Stops of a plain term: the simple parser's operators (`-` is one only at a term's start). */
const PLAIN_STOPS = '"|+()';

/** Where a term `field:value` is split: the first unescaped colon. */
function splitField(raw: string): [string, string] | undefined {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\') i++;
    else if (raw[i] === ':') return [raw.slice(0, i), raw.slice(i + 1)];
  }
  return undefined;
}

/** The field a `field:value` term names, `.keyword` dropped (a filter's way of naming the same field). */
const fieldName = (name: string) => unescaped(name).replace(/\.keyword$/, '');

function parsePlain(s: string, isField: (name: string) => boolean): QueryNode {
  const r = new Reader(s);
  const sequence = (depth: number, field: string | undefined): QueryNode => {
    if (depth > MAX_DEPTH) throw new QuerySyntaxError('nested too deep');
    let top: QueryNode | undefined;
    let operator: 'and' | 'or' | undefined;
    let negations = 0;
    const add = (node: QueryNode) => {
      const clause = negations % 2 === 1 ? not(node) : node;
      top = top === undefined ? clause : combine(operator ?? 'and', top, clause);
      operator = undefined;
      negations = 0;
    };
    while (!r.done) {
      const c = r.peek();
      if (c === ')') {
        if (depth === 0) throw new QuerySyntaxError('unbalanced parenthesis');
        r.pos++;
        return top ?? ALL;
      }
      if (c === '(') {
        r.pos++;
        add(sequence(depth + 1, field));
      } else if (c === '"') {
        const text = r.quoted();
        add(field !== undefined ? { kind: 'field', field, pattern: literalPattern(text) } : { kind: 'phrase', text });
      } else if (c === '+' || c === '|') {
        operator = c === '+' ? 'and' : 'or';
        r.pos++;
      } else if (c === '-') {
        negations++;
        r.pos++;
      } else if (/\s/.test(c)) {
        r.pos++;
      } else {
        add(plainTerm(r, field, depth, isField, sequence));
      }
    }
    if (depth > 0) throw new QuerySyntaxError('unbalanced parenthesis');
    return top ?? ALL;
  };
  return sequence(0, undefined);
}

/** A plain term, or a known field's value: `field:value`, `field:"a value"`, `field: value`, `field:(a | b)`. */
function plainTerm(
  r: Reader,
  field: string | undefined,
  depth: number,
  isField: (name: string) => boolean,
  sequence: (depth: number, field: string | undefined) => QueryNode,
): QueryNode {
  const raw = r.term(PLAIN_STOPS);
  const split = field === undefined ? splitField(raw) : undefined;
  if (!split || !isField(fieldName(split[0])) || /^urn:li:/i.test(unescaped(raw))) return termNode(raw, field);
  const name = fieldName(split[0]);
  if (split[1] !== '') return fieldValue(name, split[1]);
  r.skipSpace();
  if (r.peek() === '"') return { kind: 'field', field: name, pattern: literalPattern(r.quoted()) };
  if (r.peek() === '(') {
    r.pos++;
    return sequence(depth + 1, name);
  }
  if (r.done || PLAIN_STOPS.includes(r.peek()) || r.peek() === '-') return termNode(raw, undefined);
  return fieldValue(name, r.term(PLAIN_STOPS));
}

/** Stops of a structured term: query_string's special characters. */
const STRUCTURED_STOPS = '()"[]{}^~:';
/** Stops of a field's value: colons are part of it (`tags:urn:li:tag:PII` needs no escapes here). */
const VALUE_STOPS = '()"[]{}^~';

function parseStructured(s: string): QueryNode {
  const r = new Reader(s);
  let depth = 0;
  const nested = <T>(read: () => T): T => {
    if (++depth > MAX_DEPTH) throw new QuerySyntaxError('nested too deep');
    const result = read();
    depth--;
    return result;
  };
  /** Whether an operator word (`AND`, `OR`, `NOT`) starts here, standing alone. */
  const word = (w: string) => r.startsWith(w) && (r.pos + w.length >= s.length || /[\s("]/.test(s[r.pos + w.length] as string));
  const atOr = () => word('OR') || r.startsWith('||');
  const atAnd = () => word('AND') || r.startsWith('&&');

  const or = (field: string | undefined): QueryNode => {
    let node = and(field);
    for (r.skipSpace(); atOr(); r.skipSpace()) {
      r.pos += 2;
      node = combine('or', node, and(field));
    }
    return node;
  };
  const and = (field: string | undefined): QueryNode => {
    let node = unary(field);
    for (;;) {
      r.skipSpace();
      if (r.done || r.peek() === ')' || atOr()) return node;
      if (atAnd()) r.pos += r.startsWith('&&') ? 2 : 3;
      node = combine('and', node, unary(field));
    }
  };
  const unary = (field: string | undefined): QueryNode => {
    r.skipSpace();
    if (r.done || atOr() || atAnd()) throw new QuerySyntaxError('an operator without an operand');
    if (word('NOT') || r.peek() === '!') {
      r.pos += r.peek() === '!' ? 1 : 3;
      return nested(() => not(unary(field)));
    }
    if (r.peek() === '-') {
      r.pos++;
      return nested(() => not(unary(field)));
    }
    if (r.peek() === '+') {
      r.pos++;
      return unary(field);
    }
    return primary(field);
  };
  const primary = (field: string | undefined): QueryNode => {
    const c = r.peek();
    if (c === '(') {
      r.pos++;
      const node = nested(() => or(field));
      r.skipSpace();
      if (r.peek() !== ')') throw new QuerySyntaxError('unbalanced parenthesis');
      r.pos++;
      return node;
    }
    if (c === '"') {
      const text = r.quoted();
      return field !== undefined ? { kind: 'field', field, pattern: literalPattern(text) } : { kind: 'phrase', text };
    }
    if (field !== undefined) return value(field);
    // An urn is a term, its colons unescaped.
    if (/^urn:li:/i.test(s.slice(r.pos))) return termNode(r.term(VALUE_STOPS), undefined);
    const raw = r.term(STRUCTURED_STOPS);
    if (raw === '') throw new QuerySyntaxError(`unexpected '${c}'`);
    if (r.peek() !== ':') return termNode(raw, undefined);
    r.pos++;
    r.skipSpace();
    const name = fieldName(raw);
    if (name === '_exists_') {
      const target = r.term(VALUE_STOPS);
      if (target === '') throw new QuerySyntaxError('_exists_ without a field');
      return { kind: 'exists', field: fieldName(target) };
    }
    return value(name);
  };
  /** A field's value: a group, a phrase, a range, a comparison, or a term. */
  const value = (field: string): QueryNode => {
    r.skipSpace();
    const c = r.peek();
    if (c === '(' || c === '"') return primary(field);
    if (c === '[' || c === '{') return range(field);
    const comparison = /^(>=|<=|>|<)/.exec(s.slice(r.pos))?.[1] as '>' | '>=' | '<' | '<=' | undefined;
    if (comparison) {
      r.pos += comparison.length;
      const bound = r.term(VALUE_STOPS);
      if (bound === '') throw new QuerySyntaxError(`${field}:${comparison} without a value`);
      return { kind: 'range', field, op: comparison, value: unescaped(bound) };
    }
    const raw = r.term(VALUE_STOPS);
    if (raw === '') throw new QuerySyntaxError(`${field}: without a value`);
    return fieldValue(field, raw);
  };
  /** `[a TO b]` (inclusive) or `{a TO b}` (exclusive), `*` an open end. */
  const range = (field: string): QueryNode => {
    const inclusiveLow = r.peek() === '[';
    const match = /^[[{]\s*(\S+)\s+TO\s+([^\]}\s]+)\s*([\]}])/.exec(s.slice(r.pos));
    if (!match) throw new QuerySyntaxError('a range is [from TO to]');
    r.pos += match[0].length;
    const bounds: QueryNode[] = [];
    const [, low = '*', high = '*', close] = match;
    if (low !== '*') bounds.push({ kind: 'range', field, op: inclusiveLow ? '>=' : '>', value: unescaped(low) });
    if (high !== '*') bounds.push({ kind: 'range', field, op: close === ']' ? '<=' : '<', value: unescaped(high) });
    return bounds.length === 0 ? { kind: 'exists', field } : bounds.length === 1 ? (bounds[0] as QueryNode) : { kind: 'and', of: bounds };
  };

  r.skipSpace();
  if (r.done) return ALL;
  const node = or(undefined);
  r.skipSpace();
  if (!r.done) throw new QuerySyntaxError('unbalanced parenthesis');
  return node;
}

/** Enclosing double quotes, which an exact name match looks through. */
function unquoted(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/**
 * The query a search's text says. `isField`: whether a plain `name:value` names a field (else it is
 * text, as `note:` would be); a structured query takes every `name:` as a field.
 */
export function parseQuery(input: string, isField: (name: string) => boolean): ParsedQuery {
  const prefix = STRUCTURED_PREFIX.exec(input);
  const structured = prefix !== null;
  const text = prefix ? input.slice(prefix[0].length).trim() : input.trim();
  let node: QueryNode;
  try {
    node = structured ? parseStructured(text) : parsePlain(text, isField);
  } catch (e) {
    if (!(e instanceof QuerySyntaxError)) throw e;
    node = { kind: 'text', text };
  }
  return { node, structured, text: unquoted(text) };
}
