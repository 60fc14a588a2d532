/**
 * Lineage drawn by hand in the app (DataHub's updateLineage): edges added and removed on the aspect the
 * registry says keeps each kind, the lineage relationship marked `edit` (the downstream's
 * upstreamLineage, chartInfo or dashboardInfo inputs, a data job's input and output edges), and,
 * between two columns, on the downstream column's dataset's fine-grained lineages. Every edge is
 * checked before anything is written, and all of it is written at once, so a refused or bad edge
 * leaves the graph as it was.
 */
import type { Authorizer, Grant } from '../../auth/authorizer.js';
import { onResource } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import { isPlainObject, type JsonObject } from '../../json.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';
import type { Store } from '../../store/types.js';
import { tryParseUrn } from '../../urn.js';
import { entityExists } from '../../write/exists.js';
import { editProposal, type Proposal } from '../../write/proposals.js';
import type { WritePath } from '../../write/writePath.js';

/**
 * The aspects the editor changes are found in the registry at run time (each relationship marked
 * `edit`), so their values are open JSON here, read field by field.
 */
type ColumnLineage = NonNullable<AspectValue<'upstreamLineage'>['fineGrainedLineages']>[number];

export interface LineageEdgeInput {
  upstreamUrn: string;
  downstreamUrn: string;
}

export interface LineageEditInput {
  edgesToAdd: ReadonlyArray<LineageEdgeInput | null | undefined>;
  edgesToRemove: ReadonlyArray<LineageEdgeInput | null | undefined>;
}

/** Where an edge made in the app came from, as DataHub marks it. */
const UI_PROPERTIES = { source: 'UI' };

const COLUMN = 'schemaField';
/** The relationship of the aspect a dataset keeps its column lineage in (as the read side finds it). */
const FINE_GRAINED_UPSTREAMS = '/fineGrainedLineages/*/upstreams/*';

const OTHER_REFUSAL = 'Tried to add an upstream this downstream does not take. Upstream urn: %s';

type Stamp = () => { time: number; actor: string };

/** A new entry of an edge list, by the list's record type: `urn` at the other end, `holder` the list's entity. */
const NEW_ENTRY: Record<string, (urn: string, holder: string, stamp: Stamp) => JsonObject> = {
  'com.linkedin.common.Edge': (urn, holder, stamp) => ({
    destinationUrn: urn,
    sourceUrn: holder,
    created: stamp(),
    lastModified: stamp(),
    properties: UI_PROPERTIES,
  }),
  // DataHub's editor draws a dataset's upstream as a transformation.
  'com.linkedin.dataset.Upstream': (urn, _holder, stamp) => ({
    dataset: urn,
    type: 'TRANSFORMED',
    created: stamp(),
    auditStamp: stamp(),
    properties: UI_PROPERTIES,
  }),
};

/** A list of edges the editor writes, as a registry relationship marked `edit` declares it. */
interface EdgeList {
  aspect: string;
  /** The entity type whose aspect holds the list. */
  holder: string;
  /** Whether the holder is the edge's downstream end (else its upstream end: a data job's outputs). */
  holderIsDownstream: boolean;
  /** The entity types at the other end. */
  others: readonly string[];
  field: string;
  /** The field of an entry that holds the urn at the other end. */
  urnField: string;
  entry: (urn: string, holder: string, stamp: Stamp) => JsonObject;
  /** The older list of bare urns (or unions holding one), written back when present or required. */
  legacy?: { field: string; required: boolean };
}

interface End {
  urn: string;
  type: string;
  /** For a column: its dataset, which holds its lineage and whose privileges govern it. */
  dataset?: string;
}

/** An edge with both ends parsed: `down` reads from `up`. */
interface Edge {
  up: End;
  down: End;
}

/** What one proposal changes on one entity's aspect: urns to add and remove per list, and columns. */
interface AspectEdit {
  urn: string;
  /** The entity type of `urn`. */
  holder: string;
  aspect: string;
  add: Map<EdgeList, string[]>;
  remove: Map<EdgeList, string[]>;
  columns: boolean;
}

function endOf(urn: string): End {
  const parsed = tryParseUrn(urn);
  if (!parsed) throw badRequest(`Invalid urn: ${urn}`);
  if (parsed.entityType !== COLUMN) return { urn, type: parsed.entityType };
  const dataset = parsed.parts[0];
  if (!dataset || tryParseUrn(dataset)?.entityType !== 'dataset') throw badRequest(`Invalid urn: ${urn}`);
  return { urn, type: COLUMN, dataset };
}

const edgesOf = (edges: ReadonlyArray<LineageEdgeInput | null | undefined>): Edge[] =>
  edges.flatMap((e) => (e ? [{ up: endOf(e.upstreamUrn), down: endOf(e.downstreamUrn) }] : []));

/** A legacy list's item: a bare urn, or a union holding one. */
const urnOfItem = (item: unknown) => (typeof item === 'string' ? item : isPlainObject(item) ? Object.values(item)[0] : undefined);

/** The list a field of an aspect value holds; none when absent. */
const listIn = (value: JsonObject, field: string): unknown[] => {
  const list = value[field];
  return Array.isArray(list) ? list : [];
};

/** A field's declared type in an aspect's record. */
const fieldOf = (aspect: AspectSpec, name: string) => aspect.type.fields.find((f) => f.name === name);

/** The list of an edited relationship, checked against the aspect's schema (a misdeclared registry fails at start). */
function edgeListOf(holder: string, aspect: AspectSpec, rel: AspectSpec['relationships'][number]): EdgeList {
  const [, field, star, urnField, ...rest] = rel.path.split('/');
  const type = field ? fieldOf(aspect, field)?.type : undefined;
  const items = type?.kind === 'array' ? type.items : undefined;
  const entry = items?.kind === 'record' ? NEW_ENTRY[items.name] : undefined;
  if (!field || star !== '*' || !urnField || rest.length > 0 || !entry)
    throw new Error(`registry: ${aspect.name} ${rel.path} is edited as lineage but is no list of known edge records`);
  const legacyField = rel.edit?.legacy?.split('/')[1];
  const legacy = legacyField ? fieldOf(aspect, legacyField) : undefined;
  if (legacyField && !legacy) throw new Error(`registry: ${aspect.name} has no legacy list ${legacyField}`);
  return {
    aspect: aspect.name,
    holder,
    holderIsDownstream: rel.isUpstream,
    others: rel.entityTypes,
    field,
    urnField,
    entry,
    ...(legacy ? { legacy: { field: legacy.name, required: !legacy.optional } } : {}),
  };
}

/** A list of edges with `add` appended (those not already there) and `remove` taken out; its legacy list too. */
function editList(value: JsonObject, list: EdgeList, holder: string, add: string[], remove: string[], stamp: Stamp): JsonObject {
  const entries = listIn(value, list.field).filter(isPlainObject);
  const legacy = list.legacy && value[list.legacy.field] !== undefined ? listIn(value, list.legacy.field) : undefined;
  const present = new Set([...entries.map((e) => e[list.urnField]), ...(legacy ?? []).map(urnOfItem)]);
  const fresh = add.filter((u) => !present.has(u)).map((u) => list.entry(u, holder, stamp));
  const out: JsonObject = {
    ...value,
    [list.field]: [...entries, ...fresh].filter((e) => !remove.includes(e[list.urnField] as string)),
  };
  if (list.legacy && (legacy !== undefined || list.legacy.required))
    out[list.legacy.field] = (legacy ?? []).filter((item) => !remove.includes(urnOfItem(item) as string));
  return out;
}

/** The aspect of a column's dataset that holds its lineage. */
const columnAspectOf = (dataset: EntitySpec) =>
  [...dataset.aspects.values()].find((a) => a.relationships.some((r) => r.path === FINE_GRAINED_UPSTREAMS))?.name;

const isColumn = (e: Edge) => e.down.type === COLUMN;

/**
 * Column lineage lives on the downstream column's dataset: one FIELD_SET → FIELD entry per downstream
 * column, to which an added upstream column is appended; a removed one is taken out, and an entry
 * left without upstreams goes.
 */
function editColumns(dataset: string, added: Edge[], removed: Edge[], l: JsonObject): JsonObject {
  const mine = (list: Edge[]) => list.filter((e) => isColumn(e) && e.down.dataset === dataset);
  if (mine(added).length === 0 && mine(removed).length === 0) return l;
  // The aspect that holds FINE_GRAINED_UPSTREAMS lists DataHub's FineGrainedLineage records, as upstreamLineage does.
  let lineages = listIn(l, 'fineGrainedLineages') as ColumnLineage[];
  for (const { up, down } of mine(added)) {
    const i = lineages.findIndex((f) => f.downstreamType === 'FIELD' && f.downstreams?.length === 1 && f.downstreams[0] === down.urn);
    const entry = lineages[i];
    if (entry === undefined)
      lineages.push({
        upstreamType: 'FIELD_SET',
        upstreams: [up.urn],
        downstreamType: 'FIELD',
        downstreams: [down.urn],
        confidenceScore: 1.0,
      });
    else if (!entry.upstreams?.includes(up.urn)) lineages[i] = { ...entry, upstreams: [...(entry.upstreams ?? []), up.urn] };
  }
  for (const { up, down } of mine(removed)) {
    lineages = lineages
      .map((f) => (f.downstreams?.includes(down.urn) ? { ...f, upstreams: (f.upstreams ?? []).filter((u) => u !== up.urn) } : f))
      .filter((f) => f.upstreamType !== 'FIELD_SET' || (f.upstreams ?? []).length > 0);
  }
  return { ...l, fineGrainedLineages: lineages };
}

export class LineageEditService {
  /** Every list the editor writes, from the registry's lineage relationships marked `edit`. */
  private readonly lists: EdgeList[] = [];
  /** The upstream types each downstream type takes: the other ends of its lists, and of lists held upstream. */
  private readonly accepts = new Map<string, Set<string>>([[COLUMN, new Set([COLUMN])]]);

  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly now: () => number = Date.now,
  ) {
    for (const entity of registry.entities.values()) {
      for (const aspect of entity.aspects.values()) {
        for (const rel of aspect.relationships) if (rel.isLineage && rel.edit) this.lists.push(edgeListOf(entity.name, aspect, rel));
      }
    }
    const accept = (down: string, up: string) => this.accepts.set(down, (this.accepts.get(down) ?? new Set()).add(up));
    for (const list of this.lists) {
      for (const other of list.others) {
        if (list.holderIsDownstream) accept(list.holder, other);
        else accept(other, list.holder);
      }
    }
  }

  /** The upstream types a downstream type takes (none: it cannot be drawn to). */
  upstreamTypesOf(downstreamType: string): string[] {
    return [...(this.accepts.get(downstreamType) ?? [])];
  }

  /**
   * Adds and removes the edges, under EDIT_LINEAGE (or EDIT_ENTITY) on both ends of each. Answers the
   * urns written, whose cached reads are stale.
   */
  async update(input: LineageEditInput, actor: string): Promise<string[]> {
    const added = edgesOf(input.edgesToAdd);
    const removed = edgesOf(input.edgesToRemove);
    const grant = await this.authorize([...added, ...removed], actor);
    await this.check(added, removed);
    const proposals = this.proposals(added, removed, actor);
    if (proposals.length > 0) await this.writePath.apply(proposals, { actor, grant });
    return proposals.map((p) => p.urn);
  }

  /** Refused with DataHub's text naming the first end the actor may not edit. */
  private async authorize(edges: Edge[], actor: string): Promise<Grant> {
    let grant: Grant | undefined;
    for (const { up, down } of edges) {
      for (const end of [up, down]) {
        grant = await this.authorizer.require(
          actor,
          [onResource(end.dataset ?? end.urn, 'EDIT_ENTITY', 'EDIT_LINEAGE')],
          () => `Unauthorized to edit ${end.urn} lineage for ${end.type}`,
        );
      }
    }
    return grant ?? (await this.authorizer.require(actor, []));
  }

  private async check(added: Edge[], removed: Edge[]): Promise<void> {
    for (const { up, down } of [...added, ...removed]) {
      for (const end of [down, up]) {
        if (!(await entityExists(this.store, this.registry, end.dataset ?? end.urn)))
          throw badRequest(`Cannot upsert lineage as downstream urn ${end.urn} doesn't exist`);
      }
    }
    for (const { up, down } of added) {
      const types = this.accepts.get(down.type);
      if (!types) throw badRequest(`Lineage cannot be drawn to a ${down.type}: ${down.urn}`);
      if (!types.has(up.type))
        throw badRequest((this.registry.entities.get(down.type)?.upstreamRefused ?? OTHER_REFUSAL).replace('%s', up.urn));
    }
  }

  /** The list an edge between entities (not columns) is kept in, if the editor keeps it at all. */
  private listOf({ up, down }: Edge): EdgeList | undefined {
    return this.lists.find((l) =>
      l.holderIsDownstream ? l.holder === down.type && l.others.includes(up.type) : l.holder === up.type && l.others.includes(down.type),
    );
  }

  /** One edit per entity and aspect, each changing every list of the aspect (and its columns) at once. */
  private proposals(added: Edge[], removed: Edge[], actor: string): Proposal[] {
    const time = this.now();
    const stamp: Stamp = () => ({ time, actor });
    const edits = new Map<string, AspectEdit>();
    const editOf = (urn: string, holder: string, aspect: string) => {
      const key = `${urn}\u0000${aspect}`;
      let found = edits.get(key);
      if (!found) {
        found = { urn, holder, aspect, add: new Map(), remove: new Map(), columns: false };
        edits.set(key, found);
      }
      return found;
    };
    for (const [edges, side] of [
      [added, 'add'],
      [removed, 'remove'],
    ] as const) {
      for (const edge of edges) {
        if (isColumn(edge)) {
          const dataset = this.registry.entityOfUrn(edge.down.dataset);
          const aspect = dataset && columnAspectOf(dataset);
          if (aspect) editOf(edge.down.dataset!, dataset.name, aspect).columns = true;
          continue;
        }
        const list = this.listOf(edge);
        if (!list) continue;
        const [holder, other] = list.holderIsDownstream ? [edge.down, edge.up] : [edge.up, edge.down];
        const urns = editOf(holder.urn, list.holder, list.aspect)[side];
        urns.set(list, [...(urns.get(list) ?? []), other.urn]);
      }
    }
    return [...edits.values()].map((e) =>
      editProposal(this.registry, e.urn, e.aspect, (current) => {
        let value: JsonObject = { ...(current ?? {}) };
        for (const list of this.lists.filter((l) => l.holder === e.holder && l.aspect === e.aspect))
          value = editList(value, list, e.urn, e.add.get(list) ?? [], e.remove.get(list) ?? [], stamp);
        return e.columns ? editColumns(e.urn, added, removed, value) : value;
      }),
    );
  }
}
