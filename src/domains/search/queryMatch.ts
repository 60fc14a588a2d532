/**
 * A search's query text as the condition the store matches (store/types.ts `Match`): DataHub's syntax
 * read by querySyntax.ts, its terms split into the words the full-text index holds, its fields
 * resolved against the registry. A field whose values are urns also matches by the urn's last part,
 * as people name what they see (`tags:PII` for `urn:li:tag:PII`, `owners:jdoe`, `platform:snowflake`).
 *
 * Words are stemmed as DataHub's analyzers stem English (Snowball, that is Porter2): `couriers` finds
 * what `courier` finds. The index holds words as written and matches prefixes, so a word is looked
 * for as a prefix and so is its stem: every word with that stem starts with it, but for a final y
 * the stemmer turns into i (`delivery`, `deliveries`: `deliveri`), which is looked for too.
 */
import { stem } from 'porter2';
import { textTokens } from '../../indexing/searchRow.js';
import { STRUCTURED_PROPERTY_FIELD_PREFIX } from '../../indexing/structuredPropertyFields.js';
import type { Registry } from '../../registry/registry.js';
import { wildcardRegExp } from '../../store/match.js';
import { ENTITY_TYPE_FIELD, type Condition, type Match, type Store } from '../../store/types.js';
import { tryParseUrn } from '../../urn.js';
import { parseQuery, patternLiteral, type Pattern, type QueryNode } from './querySyntax.js';

export interface TextMatch {
  /** What the text asks of a document; undefined when it asks nothing (`*`, nothing). */
  match: Match | undefined;
  /** The text an exact name match equals (ranked first); undefined when the text asks nothing. */
  phrase: string | undefined;
  /** The words whose hits are reported as matched fields. */
  highlight: string[];
}

/** What the registry says of search fields: the names a plain `name:value` may use, and those holding urns. */
interface FieldFacts {
  known: ReadonlySet<string>;
  urnValued: ReadonlySet<string>;
}

const factsCache = new WeakMap<Registry, FieldFacts>();

function fieldFacts(registry: Registry): FieldFacts {
  let facts = factsCache.get(registry);
  if (!facts) {
    const known = new Set<string>(['urn', ENTITY_TYPE_FIELD]);
    const urnValued = new Set<string>(['urn']);
    for (const e of registry.entities.values())
      for (const a of e.aspects.values())
        for (const f of a.searchable) {
          known.add(f.fieldName);
          if (f.hasValuesFieldName) known.add(f.hasValuesFieldName);
          if (f.numValuesFieldName) known.add(f.numValuesFieldName);
          if (f.fieldType === 'URN' || f.fieldType === 'URN_PARTIAL') urnValued.add(f.fieldName);
        }
    facts = { known, urnValued };
    factsCache.set(registry, facts);
  }
  return facts;
}

/** Words of a text, split as the full-text index splits text (duplicates dropped). */
export function queryWords(input: string): string[] {
  return [...new Set(input.split(/[^\p{L}\p{N}]+/u).flatMap((w) => textTokens(w)))];
}

/** An entity type name for DataHub's spellings of it: the name, or the GraphQL enum value (`DATA_FLOW`). */
export function entityTypeName(registry: Registry, value: string): string | undefined {
  const key = value.replaceAll('_', '').toLowerCase();
  for (const name of registry.entities.keys()) if (name.toLowerCase() === key) return name;
  return undefined;
}

/**
 * The prefixes a query word is looked for as: the word, its stem, the stem with a final i as y; those
 * starting with another of them left out (they find nothing more).
 */
export function wordPrefixes(word: string): string[] {
  const stemmed = stem(word);
  const forms = [...new Set([word, stemmed, ...(stemmed.endsWith('i') ? [`${stemmed.slice(0, -1)}y`] : [])])];
  return forms.filter((f) => !forms.some((other) => other !== f && f.startsWith(other)));
}

const EVERYTHING: Match = { kind: 'and', of: [] };

const criterion = (field: string, condition: Condition, values: string[]): Match => ({
  kind: 'criterion',
  criterion: { field, condition, values, negated: false },
});

const anyOf = (parts: Match[]): Match => (parts.length === 1 ? (parts[0] as Match) : { kind: 'or', of: parts });

/** Reads one query text; the structured properties' names are read from the store once, when the text names one. */
class Reader {
  private properties: Promise<string[]> | undefined;
  readonly highlight = new Set<string>();

  constructor(
    private readonly registry: Registry,
    private readonly store: Store,
  ) {}

  async match(node: QueryNode, negated = false): Promise<Match> {
    switch (node.kind) {
      case 'all':
        return EVERYTHING;
      case 'text': {
        const terms = queryWords(node.text).map((word): Match => {
          const prefixes = wordPrefixes(word);
          if (!negated) for (const p of prefixes) this.highlight.add(p);
          return anyOf(prefixes.map((p) => ({ kind: 'word', word: p, prefix: true })));
        });
        return terms.length === 1 ? (terms[0] as Match) : { kind: 'and', of: terms };
      }
      case 'phrase': {
        const words = textTokens(node.text);
        if (!negated) for (const w of words) this.highlight.add(w);
        return words.length === 0 ? EVERYTHING : { kind: 'phrase', words };
      }
      case 'field':
        return anyOf((await this.fields(node.field)).map((f) => this.valueMatch(f, node.pattern)));
      case 'exists':
        return anyOf((await this.fields(node.field)).map((f) => criterion(f, 'EXISTS', [])));
      case 'range': {
        const condition = RANGES[node.op];
        return anyOf((await this.fields(node.field)).map((f) => criterion(f, condition, [node.value])));
      }
      case 'not':
        return { kind: 'not', of: await this.match(node.of, !negated) };
      case 'and':
      case 'or': {
        const parts: Match[] = [];
        for (const part of node.of) parts.push(await this.match(part, negated));
        return { kind: node.kind, of: parts };
      }
    }
  }

  /** A field's value matching a pattern, ignoring case; by the last part too for a field of urns. */
  private valueMatch(field: string, pattern: Pattern): Match {
    const literal = patternLiteral(pattern);
    if (field === ENTITY_TYPE_FIELD) {
      // Entity types are matched by name: the pattern is put to the registry's names.
      const names = [...this.registry.entities.keys()];
      const typeName = literal === undefined ? undefined : entityTypeName(this.registry, literal);
      return criterion(
        field,
        'EQUAL',
        literal !== undefined ? (typeName ? [typeName] : []) : names.filter((n) => wildcardRegExp(pattern).test(n.toLowerCase())),
      );
    }
    const whole = literal !== undefined ? criterion(field, 'EQUAL', [literal]) : criterion(field, 'WILDCARD', [pattern]);
    if (!fieldFacts(this.registry).urnValued.has(field) || /^urn:/i.test(pattern)) return whole;
    const lastPart = literal !== undefined ? criterion(field, 'END_WITH', [`:${literal}`]) : criterion(field, 'WILDCARD', [`*:${pattern}`]);
    return { kind: 'or', of: [whole, lastPart] };
  }

  /**
   * The stored fields a name stands for: itself, `.keyword` aside; a structured property's field also
   * as DataHub's documents name it, its qualified name's dots as underscores
   * (`structuredProperties.io_acryl_privacy_retentionTime`), a versioned one's version and type aside.
   */
  private async fields(name: string): Promise<string[]> {
    if (!name.startsWith(STRUCTURED_PROPERTY_FIELD_PREFIX)) return [name];
    let rest = name.slice(STRUCTURED_PROPERTY_FIELD_PREFIX.length);
    const versioned = /^_versioned\.([^.]+)\./.exec(rest);
    if (versioned) rest = versioned[1] as string;
    this.properties ??= this.store
      .listUrns({ urnLike: 'urn:li:structuredProperty:%', start: 0, limit: 10_000 })
      .then((urns) => urns.flatMap((u) => tryParseUrn(u)?.parts[0] ?? []));
    const named = (await this.properties).filter((q) => q !== rest && q.replaceAll('.', '_') === rest);
    return [rest, ...named].map((q) => STRUCTURED_PROPERTY_FIELD_PREFIX + q);
  }
}

const RANGES: Record<'>' | '>=' | '<' | '<=', Condition> = {
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL_TO',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL_TO',
};

/** The condition a search's query text puts on documents, in DataHub's syntax (querySyntax.ts). */
export async function textMatch(input: string, registry: Registry, store: Store): Promise<TextMatch> {
  const facts = fieldFacts(registry);
  const parsed = parseQuery(input, (name) => facts.known.has(name) || name.startsWith(STRUCTURED_PROPERTY_FIELD_PREFIX));
  if (parsed.node.kind === 'all') return { match: undefined, phrase: undefined, highlight: [] };
  const reader = new Reader(registry, store);
  const match = await reader.match(parsed.node);
  return { match, phrase: parsed.text, highlight: [...reader.highlight] };
}
