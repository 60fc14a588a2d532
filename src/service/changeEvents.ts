/**
 * The semantic changes between two versions of an aspect, as DataHub's timeline change-event
 * generators name them: per category, an operation on a modifier (a field, tag, term or owner), a
 * description in DataHub's words, and the semantic-version bump it calls for.
 */

type Json = Record<string, any>;

export type ChangeCategory = 'TECHNICAL_SCHEMA' | 'DOCUMENTATION' | 'TAG' | 'GLOSSARY_TERM' | 'OWNER';
export type ChangeOperation = 'ADD' | 'MODIFY' | 'REMOVE';
/** In increasing order of weight. */
export const SEMVER_CHANGES = ['NONE', 'PATCH', 'MINOR', 'MAJOR'] as const;
export type SemVerChange = (typeof SEMVER_CHANGES)[number];

export interface ChangeEvent {
  category: ChangeCategory;
  operation: ChangeOperation;
  modifier?: string;
  parameters?: Record<string, string>;
  semVerChange: SemVerChange;
  description: string;
}

type Generator = (base: Json | undefined, target: Json, urn: string) => ChangeEvent[];

const BACKWARDS_INCOMPATIBLE = 'A backwards incompatible change due to';
const COMPATIBLE = 'A forwards & backwards compatible change due to ';

/** A v2 field path (`[version=2.0].[type=struct].a.[type=int].b`) as people read it (`a.b`). */
export function simpleFieldPath(path: string): string {
  return path
    .split('.')
    .filter((p) => !p.startsWith('['))
    .join('.');
}

export const schemaFieldUrn = (datasetUrn: string, fieldPath: string) => `urn:li:schemaField:(${datasetUrn},${fieldPath})`;

/** Added, removed and kept items of two lists, keyed. */
function diff<T>(base: readonly T[], target: readonly T[], key: (t: T) => string) {
  const b = new Map(base.map((x) => [key(x), x]));
  const t = new Map(target.map((x) => [key(x), x]));
  return {
    removed: [...b].filter(([k]) => !t.has(k)).map(([, x]) => x),
    added: [...t].filter(([k]) => !b.has(k)).map(([, x]) => x),
    kept: [...t].filter(([k]) => b.has(k)).map(([k, x]) => [b.get(k)!, x] as const),
  };
}

function descriptionEvents(base: string | undefined, target: string | undefined, subject: string, formats: { added: string; removed: string; changed: string }, modifiedBump: SemVerChange, modifier?: string): ChangeEvent[] {
  const fill = (f: string, ...args: string[]) => args.reduce((s, a) => s.replace('%s', a), f);
  const m = modifier ? { modifier } : {};
  if (!base && target) return [{ category: 'DOCUMENTATION', operation: 'ADD', ...m, semVerChange: 'MINOR', description: fill(formats.added, ...(modifier ? [target, subject] : [subject, target])), parameters: { description: target } }];
  if (base && !target) return [{ category: 'DOCUMENTATION', operation: 'REMOVE', ...m, semVerChange: 'MINOR', description: fill(formats.removed, ...(modifier ? [base, subject] : [subject, base])), parameters: { description: base } }];
  if (base && target && base !== target) return [{ category: 'DOCUMENTATION', operation: 'MODIFY', ...m, semVerChange: modifiedBump, description: fill(formats.changed, subject, base, target), parameters: { description: target } }];
  return [];
}

const ENTITY_DOCS = {
  added: "Documentation for '%s' has been added: '%s'.",
  removed: "Documentation for '%s' has been removed: '%s'.",
  changed: "Documentation of '%s' has been changed from '%s' to '%s'.",
};
const FIELD_DOCS = {
  added: "The description '%s' for the field '%s' has been added.",
  removed: "The description '%s' for the field '%s' has been removed.",
  changed: "The description for the field '%s' has been changed from '%s' to '%s'.",
};

const entityDocumentation: Generator = (base, target, urn) => descriptionEvents(base?.description, target.description, urn, ENTITY_DOCS, 'MINOR');

/**
 * Fields compared by path: a new path is an addition (minor), a path gone a removal (major), a
 * changed native type a major change; field descriptions are documentation.
 */
function schemaEvents(category: ChangeCategory): Generator {
  return (base, target, urn) => {
    const fields = (s: Json | undefined) => ((s?.fields ?? []) as Json[]).filter((f) => typeof f.fieldPath === 'string');
    const d = diff(fields(base), fields(target), (f) => f.fieldPath);
    const events: ChangeEvent[] = [];
    const path = (f: Json) => f.fieldPath as string;
    if (category === 'TECHNICAL_SCHEMA') {
      for (const f of d.removed) events.push({ category, operation: 'REMOVE', modifier: schemaFieldUrn(urn, path(f)), parameters: { fieldPath: path(f) }, semVerChange: 'MAJOR', description: `${BACKWARDS_INCOMPATIBLE} removal of field: '${simpleFieldPath(path(f))}'.` });
      for (const f of d.added) events.push({ category, operation: 'ADD', modifier: schemaFieldUrn(urn, path(f)), parameters: { fieldPath: path(f) }, semVerChange: 'MINOR', description: `${COMPATIBLE}the newly added field '${simpleFieldPath(path(f))}'.` });
      for (const [b, t] of d.kept) {
        if ((b.nativeDataType ?? '') === (t.nativeDataType ?? '')) continue;
        events.push({
          category,
          operation: 'MODIFY',
          modifier: schemaFieldUrn(urn, path(t)),
          parameters: { fieldPath: path(t) },
          semVerChange: 'MAJOR',
          description: `${BACKWARDS_INCOMPATIBLE} native datatype of the field '${simpleFieldPath(path(t))}' changed from '${b.nativeDataType ?? ''}' to '${t.nativeDataType ?? ''}'.`,
        });
      }
    } else if (category === 'DOCUMENTATION') {
      for (const f of d.added) events.push(...descriptionEvents(undefined, f.description, path(f), FIELD_DOCS, 'PATCH', schemaFieldUrn(urn, path(f))));
      for (const f of d.removed) events.push(...descriptionEvents(f.description, undefined, path(f), FIELD_DOCS, 'PATCH', schemaFieldUrn(urn, path(f))));
      for (const [b, t] of d.kept) events.push(...descriptionEvents(b.description, t.description, path(t), FIELD_DOCS, 'PATCH', schemaFieldUrn(urn, path(t))));
    }
    return events;
  };
}

/** Associations (tags, terms, owners) added or removed; DataHub weighs each as a minor change. */
function associations(category: ChangeCategory, list: (v: Json | undefined) => Json[], key: string, describe: (item: Json, added: boolean, urn: string) => string, parameter: string): Generator {
  return (base, target, urn) => {
    const d = diff(list(base), list(target), (x) => String(x[key]));
    const event = (x: Json, added: boolean): ChangeEvent => ({
      category,
      operation: added ? 'ADD' : 'REMOVE',
      modifier: String(x[key]),
      parameters: { [parameter]: String(x[key]) },
      semVerChange: 'MINOR',
      description: describe(x, added, urn),
    });
    return [...d.removed.map((x) => event(x, false)), ...d.added.map((x) => event(x, true))];
  };
}

const tags = associations('TAG', (v) => v?.tags ?? [], 'tag', (x, added, urn) => (added ? `Tag '${x.tag}' added to entity '${urn}'.` : `Tag '${x.tag}' removed from entity '${urn}'.`), 'tagUrn');
const terms = associations('GLOSSARY_TERM', (v) => v?.terms ?? [], 'urn', (x, added, urn) => (added ? `Term '${x.urn}' added to entity '${urn}'.` : `Term '${x.urn}' removed from entity '${urn}'.`), 'termUrn');
const owners = associations(
  'OWNER',
  (v) => v?.owners ?? [],
  'owner',
  (x, added, urn) => `'${x.owner}' ${added ? 'added' : 'removed'} as a \`${x.type ?? 'NONE'}\` of '${urn}'.`,
  'ownerUrn',
);

/**
 * Which aspects carry which category, by entity type, as DataHub's timeline registers them; each
 * with its generator. Entity types not listed have no timeline in DataHub either.
 */
export const TIMELINE_ASPECTS: Record<string, Partial<Record<ChangeCategory, Record<string, Generator>>>> = {
  dataset: {
    TECHNICAL_SCHEMA: { schemaMetadata: schemaEvents('TECHNICAL_SCHEMA') },
    DOCUMENTATION: { schemaMetadata: schemaEvents('DOCUMENTATION'), datasetProperties: entityDocumentation, editableDatasetProperties: entityDocumentation },
    TAG: { globalTags: tags },
    GLOSSARY_TERM: { glossaryTerms: terms },
    OWNER: { ownership: owners },
  },
  glossaryTerm: {
    DOCUMENTATION: { glossaryTermInfo: (base, target, urn) => descriptionEvents(base?.definition, target.definition, urn, ENTITY_DOCS, 'MINOR') },
    OWNER: { ownership: owners },
  },
};
