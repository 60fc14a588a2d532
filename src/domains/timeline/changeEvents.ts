/**
 * The semantic changes between two versions of an aspect, as DataHub's timeline change-event
 * generators name them: per category, an operation on a modifier (a field, tag, term or owner), a
 * description in DataHub's words, and the semantic-version bump it calls for.
 */
import { simpleFieldPath } from '../../urn.js';
import type { AspectName, AspectValue } from '../../registry/aspectValues.js';
import type { TimelineCategory } from '../../registry/types.js';
import { schemaFieldUrn } from '../../urn.js';

type SchemaMetadata = AspectValue<'schemaMetadata'>;
type SchemaField = SchemaMetadata['fields'][number];
type EditableSchemaMetadata = AspectValue<'editableSchemaMetadata'>;

export type ChangeCategory = TimelineCategory;
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

/** The events between two versions of a value (`base` absent: the first). */
type Generator<V> = (base: V | undefined, target: V | undefined, urn: string) => ChangeEvent[];
/** Generators by the aspect whose versions they compare. */
type AspectGenerators = { [N in AspectName]?: Generator<AspectValue<N>> };
/** A generator as applied to stored rows of its aspect. */
export type StoredGenerator = Generator<Record<string, unknown>>;

const BACKWARDS_INCOMPATIBLE = 'A backwards incompatible change due to';
const COMPATIBLE = 'A forwards & backwards compatible change due to ';

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

/** Fields of two lists by path, each with its version before and after (either may be missing). */
function pairs<T extends { fieldPath: string }>(base: readonly T[], target: readonly T[]): Array<[T | undefined, T | undefined]> {
  const d = diff(base, target, (x) => x.fieldPath);
  return [
    ...d.removed.map((b) => [b, undefined] as [T, undefined]),
    ...d.kept.map(([b, t]) => [b, t] as [T, T]),
    ...d.added.map((t) => [undefined, t] as [undefined, T]),
  ];
}

interface DocWords {
  added(description: string): string;
  removed(description: string): string;
  changed(from: string, to: string): string;
  /** The weight of a changed description (additions and removals are minor). */
  changedBump: SemVerChange;
  modifier?: string;
}

function descriptionEvents(base: string | undefined, target: string | undefined, words: DocWords): ChangeEvent[] {
  const m = words.modifier ? { modifier: words.modifier } : {};
  if (!base && target)
    return [
      {
        category: 'DOCUMENTATION',
        operation: 'ADD',
        ...m,
        semVerChange: 'MINOR',
        description: words.added(target),
        parameters: { description: target },
      },
    ];
  if (base && !target)
    return [
      {
        category: 'DOCUMENTATION',
        operation: 'REMOVE',
        ...m,
        semVerChange: 'MINOR',
        description: words.removed(base),
        parameters: { description: base },
      },
    ];
  if (base && target && base !== target)
    return [
      {
        category: 'DOCUMENTATION',
        operation: 'MODIFY',
        ...m,
        semVerChange: words.changedBump,
        description: words.changed(base, target),
        parameters: { description: target },
      },
    ];
  return [];
}

const entityDocs = (urn: string): DocWords => ({
  added: (d) => `Documentation for '${urn}' has been added: '${d}'.`,
  removed: (d) => `Documentation for '${urn}' has been removed: '${d}'.`,
  changed: (a, b) => `Documentation of '${urn}' has been changed from '${a}' to '${b}'.`,
  changedBump: 'MINOR',
});

const entityDocumentation: Generator<{ description?: string }> = (base, target, urn) =>
  descriptionEvents(base?.description, target?.description, entityDocs(urn));

/** Associations (tags, terms, owners) added or removed; DataHub weighs each as a minor change. */
function associations<V, T>(
  category: ChangeCategory,
  list: (v: V | undefined) => readonly T[],
  key: (item: T) => string,
  describe: (item: T, added: boolean, urn: string) => string,
  parameter: string,
): Generator<V> {
  return (base, target, urn) => {
    const d = diff(list(base), list(target), key);
    const event = (x: T, added: boolean): ChangeEvent => ({
      category,
      operation: added ? 'ADD' : 'REMOVE',
      modifier: key(x),
      parameters: { [parameter]: key(x) },
      semVerChange: 'MINOR',
      description: describe(x, added, urn),
    });
    return [...d.removed.map((x) => event(x, false)), ...d.added.map((x) => event(x, true))];
  };
}

const tags = associations(
  'TAG',
  (v: AspectValue<'globalTags'> | undefined) => v?.tags ?? [],
  (x) => x.tag,
  (x, added, urn) => (added ? `Tag '${x.tag}' added to entity '${urn}'.` : `Tag '${x.tag}' removed from entity '${urn}'.`),
  'tagUrn',
);
const terms = associations(
  'GLOSSARY_TERM',
  (v: AspectValue<'glossaryTerms'> | undefined) => v?.terms ?? [],
  (x) => x.urn,
  (x, added, urn) => (added ? `Term '${x.urn}' added to entity '${urn}'.` : `Term '${x.urn}' removed from entity '${urn}'.`),
  'termUrn',
);
const owners = associations(
  'OWNER',
  (v: AspectValue<'ownership'> | undefined) => v?.owners ?? [],
  (x) => x.owner,
  (x, added, urn) => `'${x.owner}' ${added ? 'added' : 'removed'} as a \`${x.type ?? 'NONE'}\` of '${urn}'.`,
  'ownerUrn',
);

/** Tags or terms of each field (of schemaMetadata or editableSchemaMetadata), told of the field's urn. */
function fieldAssociations<V, F extends { fieldPath: string }, P>(
  fieldsOf: (v: V | undefined) => readonly F[],
  property: (field: F) => P | undefined,
  generate: Generator<P>,
): Generator<V> {
  return (base, target, urn) =>
    pairs(fieldsOf(base), fieldsOf(target)).flatMap(([b, t]) =>
      generate(b && property(b), t && property(t), schemaFieldUrn(urn, (t ?? b)!.fieldPath)),
    );
}

const schemaFields = (v: SchemaMetadata | undefined) => v?.fields ?? [];
const editableFields = (v: EditableSchemaMetadata | undefined) => v?.editableSchemaFieldInfo ?? [];

const parentPath = (path: string) => (path.lastIndexOf('.') > 0 ? path.slice(0, path.lastIndexOf('.')) : undefined);

/** DataHub's test for a rename: a field gone and one new with the same type, parent and description. */
const isRenamed = (gone: SchemaField, added: SchemaField) =>
  (gone.nativeDataType ?? '') === (added.nativeDataType ?? '') &&
  parentPath(gone.fieldPath) === parentPath(added.fieldPath) &&
  (gone.description ?? null) === (added.description ?? null);

/** Schema fields of two versions paired by path, and a field gone with the first new one it was renamed to. */
function schemaFieldPairs(
  base: SchemaMetadata | undefined,
  target: SchemaMetadata | undefined,
): Array<[SchemaField | undefined, SchemaField | undefined]> {
  const byPath = pairs(schemaFields(base), schemaFields(target));
  const added = byPath
    .filter(([b]) => !b)
    .map(([, t]) => t!)
    .sort((x, y) => (x.fieldPath < y.fieldPath ? -1 : 1));
  const renamed = new Set<SchemaField>();
  const out: Array<[SchemaField | undefined, SchemaField | undefined]> = [];
  for (const [b, t] of byPath) {
    if (!b) continue;
    if (t) out.push([b, t]);
    else {
      const to = added.find((a) => !renamed.has(a) && isRenamed(b, a));
      if (to) renamed.add(to);
      out.push([b, to]);
    }
  }
  return [...out, ...added.filter((a) => !renamed.has(a)).map((a) => [undefined, a] as [undefined, SchemaField])];
}

/**
 * Fields compared by path: a new path is an addition (minor), a path gone a removal (major), a
 * rename (minor) when DataHub takes the two for one field, a changed native type a major change;
 * field descriptions are documentation (a changed one a patch).
 */
const technicalSchema: Generator<SchemaMetadata> = (base, target, urn) =>
  schemaFieldPairs(base, target).flatMap(([b, t]): ChangeEvent[] => {
    const path = (b ?? t)!.fieldPath;
    const field = { modifier: schemaFieldUrn(urn, path), parameters: { fieldPath: path } };
    if (b && t && b.fieldPath !== t.fieldPath) {
      return [
        {
          category: 'TECHNICAL_SCHEMA',
          operation: 'MODIFY',
          ...field,
          semVerChange: 'MINOR',
          description: `${COMPATIBLE}renaming of the field '${simpleFieldPath(b.fieldPath)} to ${simpleFieldPath(t.fieldPath)}'.`,
        },
      ];
    }
    if (!t)
      return [
        {
          category: 'TECHNICAL_SCHEMA',
          operation: 'REMOVE',
          ...field,
          semVerChange: 'MAJOR',
          description: `${BACKWARDS_INCOMPATIBLE} removal of field: '${simpleFieldPath(path)}'.`,
        },
      ];
    if (!b)
      return [
        {
          category: 'TECHNICAL_SCHEMA',
          operation: 'ADD',
          ...field,
          semVerChange: 'MINOR',
          description: `${COMPATIBLE}the newly added field '${simpleFieldPath(path)}'.`,
        },
      ];
    if ((b.nativeDataType ?? '') === (t.nativeDataType ?? '')) return [];
    const description = `${BACKWARDS_INCOMPATIBLE} native datatype of the field '${simpleFieldPath(path)}' changed from '${b.nativeDataType ?? ''}' to '${t.nativeDataType ?? ''}'.`;
    return [{ category: 'TECHNICAL_SCHEMA', operation: 'MODIFY', ...field, semVerChange: 'MAJOR', description }];
  });

const schemaDocumentation: Generator<SchemaMetadata> = (base, target, urn) =>
  schemaFieldPairs(base, target).flatMap(([b, t]) => {
    const path = (t ?? b)!.fieldPath;
    return descriptionEvents(b?.description, t?.description, {
      added: (d) => `The description '${d}' for the field '${path}' has been added.`,
      removed: (d) => `The description '${d}' for the field '${path}' has been removed.`,
      changed: (a, c) => `The description for the field '${path}' has been changed from '${a}' to '${c}'.`,
      changedBump: 'PATCH',
      modifier: schemaFieldUrn(urn, path),
    });
  });

const editableFieldDocumentation: Generator<EditableSchemaMetadata> = (base, target, urn) =>
  pairs(editableFields(base), editableFields(target)).flatMap(([b, t]) => {
    const path = (t ?? b)!.fieldPath;
    const fieldUrn = schemaFieldUrn(urn, path);
    return descriptionEvents(b?.description, t?.description, {
      added: (d) => `Documentation for the field '${path}' of '${fieldUrn}' has been added: '${d}'`,
      removed: (d) => `Documentation for the field '${path}' of '${fieldUrn}' has been removed: '${d}'`,
      changed: (a, c) => `Documentation for the field '${path}' of '${fieldUrn}' has been updated from '${a}' to '${c}'.`,
      changedBump: 'PATCH',
      modifier: path,
    });
  });

/**
 * The generator of each category's changes in each aspect, as DataHub's timeline registers them.
 * Which aspects of which entity type carry a category is registry data (each type's `timeline`);
 * types without one have no timeline in DataHub either.
 */
export const CHANGE_GENERATORS: Record<ChangeCategory, AspectGenerators> = {
  TECHNICAL_SCHEMA: { schemaMetadata: technicalSchema },
  DOCUMENTATION: {
    schemaMetadata: schemaDocumentation,
    editableSchemaMetadata: editableFieldDocumentation,
    datasetProperties: entityDocumentation,
    editableDatasetProperties: entityDocumentation,
    glossaryTermInfo: (base, target, urn) => descriptionEvents(base?.definition, target?.definition, entityDocs(urn)),
  },
  TAG: {
    globalTags: tags,
    schemaMetadata: fieldAssociations(schemaFields, (f) => f.globalTags, tags),
    editableSchemaMetadata: fieldAssociations(editableFields, (f) => f.globalTags, tags),
  },
  GLOSSARY_TERM: { glossaryTerms: terms, editableSchemaMetadata: fieldAssociations(editableFields, (f) => f.glossaryTerms, terms) },
  OWNER: { ownership: owners },
};

/**
 * The generator of a category's changes in an aspect, to be applied to its stored rows: values the
 * write path validated against that aspect's schema.
 */
export function generatorOf(category: ChangeCategory, aspect: string): StoredGenerator | undefined {
  return (CHANGE_GENERATORS[category] as Record<string, StoredGenerator | undefined>)[aspect];
}
