/**
 * Lineage drawn by hand in the app: `updateLineage` adds and removes edges on the aspect DataHub keeps
 * each kind of edge in (the downstream's upstreamLineage, chartInfo or dashboardInfo inputs, a data
 * job's input and output edges), and, between two columns, on the downstream dataset's
 * fineGrainedLineages. Every edge is checked before anything is written, and all of it is written at
 * once, so a refused or bad edge leaves the graph as it was.
 */
import type { Grant } from '../../../auth/authorizer.js';
import { onResource } from '../../../auth/requirements.js';
import { badRequest } from '../../../errors.js';
import { tryParseUrn } from '../../../urn.js';
import type { GraphQLContext } from '../context.js';
import type { LineageEdge, Resolvers } from '../generated/resolvers.js';
import { authorize, authorizeOr, change, exists, stamp, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';

type Json = Record<string, any>;

/** Where an edge made in the app came from, as DataHub marks it. */
const UI_PROPERTIES = { source: 'UI' };

interface End {
  urn: string;
  type: string;
  /** For a column: its dataset, which holds its lineage and whose privileges govern it. */
  dataset?: string;
}

function endOf(urn: string): End {
  const parsed = tryParseUrn(urn);
  if (!parsed) throw badRequest(`Invalid urn: ${urn}`);
  if (parsed.entityType !== 'schemaField') return { urn, type: parsed.entityType };
  const dataset = parsed.parts[0];
  if (!dataset || tryParseUrn(dataset)?.entityType !== 'dataset') throw badRequest(`Invalid urn: ${urn}`);
  return { urn, type: 'schemaField', dataset };
}

/** An edge with both ends parsed: `down` reads from `up`. */
interface Edge {
  up: End;
  down: End;
}

const edgesOf = (edges: ReadonlyArray<LineageEdge | null | undefined>): Edge[] =>
  edges.flatMap((e) => (e ? [{ up: endOf(e.upstreamUrn), down: endOf(e.downstreamUrn) }] : []));

/** EDIT_LINEAGE (or EDIT_ENTITY) on both ends of every edge, refused with DataHub's text naming the end. */
async function authorizeEdges(ctx: GraphQLContext, edges: Edge[]) {
  let grant: Grant | undefined;
  for (const { up, down } of edges) {
    for (const end of [up, down]) {
      grant = await authorizeOr(
        ctx,
        `Unauthorized to edit ${end.urn} lineage for ${end.type}`,
        onResource(end.dataset ?? end.urn, 'EDIT_ENTITY', 'EDIT_LINEAGE'),
      );
    }
  }
  return grant ?? (await authorize(ctx));
}

/** Which upstream types each downstream type accepts, and DataHub's text when one does not fit. */
const ACCEPTS: Record<string, { types: string[]; refusal: string }> = {
  dataset: {
    types: ['dataset', 'dataJob'],
    refusal: 'Tried to add lineage edge with non-dataset node when we expect a dataset. Upstream urn: %s',
  },
  chart: { types: ['dataset', 'chart'], refusal: "Tried to add an upstream to a chart that isn't a chart or dataset. Upstream urn: %s" },
  dashboard: {
    types: ['dataset', 'chart'],
    refusal: "Tried to add an upstream to a dashboard that isn't a chart or dataset. Upstream urn: %s",
  },
  dataJob: { types: ['dataset', 'dataJob'], refusal: 'Tried to add lineage edge with non-dataset or non-dataJob node. Upstream urn: %s' },
  schemaField: { types: ['schemaField'], refusal: 'Column lineage needs a column at both ends. Upstream urn: %s' },
};

async function checkEdges(ctx: GraphQLContext, added: Edge[], removed: Edge[]) {
  for (const { up, down } of [...added, ...removed]) {
    for (const end of [down, up]) {
      if (!(await exists(ctx, end.dataset ?? end.urn)))
        throw badRequest(`Cannot upsert lineage as downstream urn ${end.urn} doesn't exist`);
    }
  }
  for (const { up, down } of added) {
    const rule = ACCEPTS[down.type];
    if (!rule) throw badRequest(`Lineage cannot be drawn to a ${down.type}: ${down.urn}`);
    if (!rule.types.includes(up.type)) throw badRequest(rule.refusal.replace('%s', up.urn));
  }
}

const newEdge = (ctx: GraphQLContext, up: string, down: string) => ({
  destinationUrn: up,
  sourceUrn: down,
  created: stamp(ctx),
  lastModified: stamp(ctx),
  properties: UI_PROPERTIES,
});

/** A list of edges with `add` appended (those not already there) and `remove` taken out. */
function editEdges(
  ctx: GraphQLContext,
  list: Json[] | undefined,
  owner: string,
  add: string[],
  remove: string[],
  legacy: string[] = [],
): Json[] {
  const present = new Set([...(list ?? []).map((e) => e.destinationUrn), ...legacy]);
  const added = add.filter((u) => !present.has(u)).map((u) => newEdge(ctx, u, owner));
  return [...(list ?? []), ...added].filter((e) => !remove.includes(e.destinationUrn));
}

/** A legacy list of urns (or of unions holding one) without the removed ones. */
const without = (list: unknown[] | undefined, remove: string[]) =>
  list?.filter((item) => !remove.includes(typeof item === 'string' ? item : (Object.values(item as Json)[0] as string)));

const legacyUrns = (list: unknown[] | undefined) =>
  (list ?? []).map((item) => (typeof item === 'string' ? item : (Object.values(item as Json)[0] as string)));

/** What to add and remove per entity, grouped by the key `pick` chooses. */
function grouped(edges: Edge[], key: (e: Edge) => string | undefined, value: (e: Edge) => string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of edges) {
    const k = key(e);
    if (k !== undefined) out.set(k, [...(out.get(k) ?? []), value(e)]);
  }
  return out;
}

const ofType = (types: string[]) => (e: Edge) => (types.includes(e.up.type) ? e.down.urn : undefined);

function lineageProposals(ctx: GraphQLContext, added: Edge[], removed: Edge[]) {
  const proposals = [];
  const byDown = (types: string[], type: string) => {
    const down = (e: Edge) => (e.down.type === type ? ofType(types)(e) : undefined);
    const add = grouped(added, down, (e) => e.up.urn);
    const remove = grouped(removed, down, (e) => e.up.urn);
    return [...new Set([...add.keys(), ...remove.keys()])].map((urn) => ({ urn, add: add.get(urn) ?? [], remove: remove.get(urn) ?? [] }));
  };
  const upstreams = new Map(byDown(['dataset'], 'dataset').map((d) => [d.urn, d]));
  const columns = new Set([...added, ...removed].filter(isColumn).map((e) => e.down.dataset!));
  for (const urn of new Set([...upstreams.keys(), ...columns])) {
    const table = upstreams.get(urn) ?? { add: [], remove: [] };
    proposals.push(
      change(ctx, urn, 'upstreamLineage', (l) => editColumns(urn, added, removed, editUpstreams(ctx, l, table.add, table.remove))),
    );
  }
  for (const { urn, add, remove } of byDown(['dataset', 'chart'], 'chart')) {
    proposals.push(
      change(ctx, urn, 'chartInfo', (c) => ({
        ...c,
        inputEdges: editEdges(ctx, c.inputEdges, urn, add, remove, legacyUrns(c.inputs)),
        ...(c.inputs ? { inputs: without(c.inputs, remove) } : {}),
      })),
    );
  }
  for (const { urn, add, remove } of byDown(['dataset', 'chart'], 'dashboard')) {
    const charts = (list: string[]) => list.filter((u) => tryParseUrn(u)?.entityType === 'chart');
    const datasets = (list: string[]) => list.filter((u) => tryParseUrn(u)?.entityType === 'dataset');
    proposals.push(
      change(ctx, urn, 'dashboardInfo', (d) => ({
        ...d,
        chartEdges: editEdges(ctx, d.chartEdges, urn, charts(add), remove, d.charts),
        charts: without(d.charts ?? [], remove),
        datasetEdges: editEdges(ctx, d.datasetEdges, urn, datasets(add), remove, d.datasets),
        datasets: without(d.datasets ?? [], remove),
      })),
    );
  }
  // A data job keeps both directions: what it reads (datasets, jobs) and the datasets it writes.
  const jobs = new Map<string, { inDatasets: [string[], string[]]; inJobs: [string[], string[]]; outDatasets: [string[], string[]] }>();
  const job = (urn: string) => {
    let found = jobs.get(urn);
    if (!found) {
      found = { inDatasets: [[], []], inJobs: [[], []], outDatasets: [[], []] };
      jobs.set(urn, found);
    }
    return found;
  };
  for (const [list, i] of [
    [added, 0],
    [removed, 1],
  ] as const) {
    for (const { up, down } of list) {
      if (down.type === 'dataJob' && up.type === 'dataset') job(down.urn).inDatasets[i].push(up.urn);
      if (down.type === 'dataJob' && up.type === 'dataJob') job(down.urn).inJobs[i].push(up.urn);
      if (up.type === 'dataJob' && down.type === 'dataset') job(up.urn).outDatasets[i].push(down.urn);
    }
  }
  for (const [urn, j] of jobs) {
    proposals.push(
      change(ctx, urn, 'dataJobInputOutput', (io) => ({
        ...io,
        inputDatasetEdges: editEdges(ctx, io.inputDatasetEdges, urn, j.inDatasets[0], j.inDatasets[1], io.inputDatasets),
        inputDatasets: without(io.inputDatasets ?? [], j.inDatasets[1]),
        inputDatajobEdges: editEdges(ctx, io.inputDatajobEdges, urn, j.inJobs[0], j.inJobs[1], io.inputDatajobs),
        ...(io.inputDatajobs ? { inputDatajobs: without(io.inputDatajobs, j.inJobs[1]) } : {}),
        outputDatasetEdges: editEdges(ctx, io.outputDatasetEdges, urn, j.outDatasets[0], j.outDatasets[1], io.outputDatasets),
        outputDatasets: without(io.outputDatasets ?? [], j.outDatasets[1]),
      })),
    );
  }
  return proposals;
}

/** A dataset's upstreams with the added datasets appended (those not already there) and the removed ones taken out. */
function editUpstreams(ctx: GraphQLContext, l: Json, add: string[], remove: string[]): Json {
  const upstreams: Json[] = l.upstreams ?? [];
  const known = new Set(upstreams.map((u) => u.dataset));
  const fresh = add
    .filter((u) => !known.has(u))
    .map((dataset) => ({ dataset, type: 'TRANSFORMED', created: stamp(ctx), auditStamp: stamp(ctx), properties: UI_PROPERTIES }));
  return { ...l, upstreams: [...upstreams, ...fresh].filter((u) => !remove.includes(u.dataset)) };
}

const isColumn = (e: Edge) => e.down.type === 'schemaField';

/**
 * Column lineage lives on the downstream column's dataset: one FIELD_SET → FIELD entry per downstream
 * column, to which an added upstream column is appended; a removed one is taken out, and an entry
 * left without upstreams goes.
 */
function editColumns(dataset: string, added: Edge[], removed: Edge[], l: Json): Json {
  const mine = (list: Edge[]) => list.filter((e) => isColumn(e) && e.down.dataset === dataset);
  if (mine(added).length === 0 && mine(removed).length === 0) return l;
  let lineages: Json[] = [...(l.fineGrainedLineages ?? [])];
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
      .map((f) => (f.downstreams?.includes(down.urn) ? { ...f, upstreams: (f.upstreams ?? []).filter((u: string) => u !== up.urn) } : f))
      .filter((f) => f.upstreamType !== 'FIELD_SET' || (f.upstreams ?? []).length > 0);
  }
  return { ...l, fineGrainedLineages: lineages };
}

const resolvers: Resolvers = {
  Mutation: {
    updateLineage: async (_root, { input }, ctx) => {
      const added = edgesOf(input.edgesToAdd);
      const removed = edgesOf(input.edgesToRemove);
      const grant = await authorizeEdges(ctx, [...added, ...removed]);
      await checkEdges(ctx, added, removed);
      const proposals = lineageProposals(ctx, added, removed);
      if (proposals.length > 0) await write(ctx, grant, proposals);
      return true;
    },
  },
};

export const lineageMutationsModule: ResolverModule = { resolvers };
