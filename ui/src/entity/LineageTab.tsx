/**
 * Lineage as a graph: what this entity is computed from and what it feeds, up to the hops chosen,
 * laid out left to right (dagre) and drawn with React Flow; then impact analysis, every downstream
 * entity by hops. With a column chosen, the graph is of columns instead.
 */
import dagre from '@dagrejs/dagre';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Background, Controls, type Edge, type Node, Position, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { gql } from '../api/client';
import { ResultRow } from '../components/ResultRow';
import { Empty, ErrorBox, Loading } from '../components/Status';
import { COLUMN_LINEAGE, LINEAGE } from '../graphql/entity';
import { simplePath } from './SchemaTab';
import { summarize } from './summary';
import { nameFromUrn, SEARCHABLE_TYPES } from './types';

const route = getRouteApi('/app/entity/$urn');
const MAX_NODES = 200;
const HOP_CHOICES = [1, 2, 3] as const;

function degreeFilter(hops: number) {
  const values = hops >= 3 ? ['1', '2', '3+'] : Array.from({ length: hops }, (_, i) => String(i + 1));
  return [{ and: [{ field: 'degree', values }] }];
}

function useLineage(urn: string, direction: 'UPSTREAM' | 'DOWNSTREAM', hops: number) {
  return useQuery({
    queryKey: ['lineage', urn, direction, hops],
    queryFn: () =>
      gql<{ searchAcrossLineage: any }>(LINEAGE, {
        input: { urn, direction, types: SEARCHABLE_TYPES, query: '*', start: 0, count: MAX_NODES, orFilters: degreeFilter(hops) },
      }).then((d) => d.searchAcrossLineage),
  });
}

const NODE_W = 220;
const NODE_H = 54;

function layout(nodes: Node[], edges: Edge[]): Node[] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 70 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_W, height: NODE_H });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  return nodes.map((n) => {
    const p = g.node(n.id);
    return { ...n, position: { x: p.x - NODE_W / 2, y: p.y - NODE_H / 2 }, sourcePosition: Position.Right, targetPosition: Position.Left };
  });
}

/** Nodes and edges from the paths of lineage results; an upstream path runs against the flow. */
function tableGraph(root: any, up: any, down: any) {
  const nodes = new Map<string, Node>();
  const edges = new Map<string, Edge>();
  const addNode = (entity: any, isRoot = false) => {
    if (nodes.has(entity.urn)) return;
    const s = summarize(entity);
    nodes.set(entity.urn, {
      id: entity.urn,
      position: { x: 0, y: 0 },
      data: { label: <NodeLabel name={s.name} kind={[s.subType ?? s.type.label, s.platform?.name].filter(Boolean).join(' · ')} /> },
      className: isRoot ? 'lineage-node root' : 'lineage-node',
      style: { width: NODE_W },
    });
  };
  addNode(root, true);
  const addPaths = (results: any[], upstream: boolean) => {
    for (const r of results) {
      addNode(r.entity);
      for (const p of r.paths ?? []) {
        const urns = (p?.path ?? []).map((x: any) => x.urn);
        for (let i = 0; i + 1 < urns.length; i++) {
          const [a, b] = upstream ? [urns[i + 1], urns[i]] : [urns[i], urns[i + 1]];
          edges.set(`${a}->${b}`, { id: `${a}->${b}`, source: a, target: b });
        }
      }
    }
  };
  addPaths(up?.searchResults ?? [], true);
  addPaths(down?.searchResults ?? [], false);
  const edgeList = [...edges.values()].filter((e) => nodes.has(e.source) && nodes.has(e.target));
  return { nodes: layout([...nodes.values()], edgeList), edges: edgeList };
}

/** `db.schema.table` reads as `table` under a column's name. */
const tableName = (urn: string) => nameFromUrn(urn).split('.').pop() ?? urn;

/** Column nodes joined by fine-grained lineage, kept to what connects to the chosen column. */
function columnGraph(datasets: any[], rootUrn: string, field: string) {
  const id = (urn: string, path: string) => `${urn}::${path}`;
  const links: Array<[string, string]> = [];
  const labels = new Map<string, { dataset: string; column: string }>();
  for (const d of datasets) {
    for (const l of d?.fineGrainedLineages ?? []) {
      for (const u of l.upstreams ?? []) {
        for (const down of l.downstreams ?? []) {
          const a = id(u.urn, u.path);
          const b = id(down.urn || d.urn, down.path);
          labels.set(a, { dataset: tableName(u.urn), column: simplePath(u.path) });
          labels.set(b, { dataset: tableName(down.urn || d.urn), column: simplePath(down.path) });
          links.push([a, b]);
        }
      }
    }
  }
  const start = id(rootUrn, field);
  labels.set(start, labels.get(start) ?? { dataset: tableName(rootUrn), column: simplePath(field) });
  // Everything reachable from the chosen column, in either direction.
  const keep = new Set([start]);
  for (const forward of [true, false]) {
    const frontier = [start];
    while (frontier.length) {
      const at = frontier.pop()!;
      for (const [a, b] of links) {
        const [from, to] = forward ? [a, b] : [b, a];
        if (from === at && !keep.has(to)) {
          keep.add(to);
          frontier.push(to);
        }
      }
    }
  }
  const nodes: Node[] = [...keep].map((n) => ({
    id: n,
    position: { x: 0, y: 0 },
    data: { label: <NodeLabel name={labels.get(n)!.column} kind={labels.get(n)!.dataset} /> },
    className: n === start ? 'lineage-node root' : 'lineage-node',
    style: { width: NODE_W },
  }));
  const edges: Edge[] = links.filter(([a, b]) => keep.has(a) && keep.has(b)).map(([a, b]) => ({ id: `${a}->${b}`, source: a, target: b }));
  return { nodes: layout(nodes, edges), edges };
}

function NodeLabel({ name, kind }: { name: string; kind: string }) {
  return (
    <div>
      <div className="node-name">{name}</div>
      <div className="node-kind">{kind}</div>
    </div>
  );
}

export default function LineageTab({ entity, hops = 1 }: { entity: any; hops?: number | undefined }) {
  const urn: string = entity.urn;
  const navigate = useNavigate();
  const search = route.useSearch();
  const routeNavigate = route.useNavigate();
  const field = search.field;
  const up = useLineage(urn, 'UPSTREAM', hops);
  const down = useLineage(urn, 'DOWNSTREAM', hops);
  const impact = useLineage(urn, 'DOWNSTREAM', 3);
  const datasetUrns = useMemo(
    () =>
      [urn, ...[...(up.data?.searchResults ?? []), ...(down.data?.searchResults ?? [])].map((r: any) => r.entity.urn)].filter((u) =>
        u.startsWith('urn:li:dataset:'),
      ),
    [urn, up.data, down.data],
  );
  const columns = useQuery({
    queryKey: ['column-lineage', datasetUrns],
    enabled: Boolean(field) && !up.isPending && !down.isPending,
    queryFn: () => gql<{ entities: any[] }>(COLUMN_LINEAGE, { urns: datasetUrns }).then((d) => d.entities),
  });
  const graph = useMemo(() => {
    if (field) return columns.data ? columnGraph(columns.data, urn, field) : undefined;
    if (!up.data || !down.data) return undefined;
    return tableGraph(entity, up.data, down.data);
  }, [field, columns.data, up.data, down.data, urn, entity]);

  const error = up.error ?? down.error ?? columns.error;
  if (error) return <ErrorBox error={error} />;
  const setHops = (h: number) => routeNavigate({ search: (s: any) => ({ ...s, hops: h === 1 ? undefined : h }), replace: true });

  return (
    <section className="lineage">
      <div className="lineage-head">
        <h2>{field ? `Column lineage of ${simplePath(field)}` : 'Lineage'}</h2>
        <fieldset className="hops">
          <legend>Hops</legend>
          {HOP_CHOICES.map((h) => (
            <label key={h}>
              <input type="radio" name="hops" checked={hops === h} onChange={() => setHops(h)} /> {h === 3 ? '3+' : h}
            </label>
          ))}
        </fieldset>
        {field && (
          <button
            type="button"
            className="subtle"
            onClick={() => routeNavigate({ search: (s: any) => ({ ...s, field: undefined }), replace: true })}
          >
            Show table lineage
          </button>
        )}
      </div>
      {!graph ? (
        <Loading label="Tracing lineage…" />
      ) : graph.nodes.length <= 1 ? (
        <Empty>{field ? 'No column-level lineage is recorded for this column.' : 'No lineage is recorded for this entity.'}</Empty>
      ) : (
        <figure className="lineage-graph" aria-label="Lineage graph">
          <ReactFlow
            // A new graph (columns or tables, more hops) is fitted to the view afresh.
            key={`${field ?? ''}/${hops}`}
            nodes={graph.nodes}
            edges={graph.edges}
            fitView
            fitViewOptions={{ maxZoom: 1.2 }}
            nodesConnectable={false}
            nodesDraggable={false}
            onNodeClick={(_e, node) => {
              if (field) return;
              if (node.id !== urn) void navigate({ to: '/entity/$urn', params: { urn: node.id }, search: { tab: 'lineage' } });
            }}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </figure>
      )}
      <p className="muted small">
        {up.data ? `${up.data.total} upstream` : ''} {down.data ? `· ${down.data.total} downstream` : ''} within{' '}
        {hops === 3 ? '3 or more' : hops} hop
        {hops === 1 ? '' : 's'}.{field ? '' : ' Choose a column in the Schema tab to see its column-level lineage.'}
      </p>
      <ImpactAnalysis data={impact.data} loading={impact.isPending} />
    </section>
  );
}

function ImpactAnalysis({ data, loading }: { data: any; loading: boolean }) {
  if (loading) return <Loading label="Finding everything downstream…" />;
  const results = data?.searchResults ?? [];
  const byDegree = (data?.facets ?? []).find((f: any) => f.field === 'degree')?.aggregations ?? [];
  return (
    <section className="impact" aria-labelledby="impact-heading">
      <h2 id="impact-heading">Impact analysis</h2>
      <p>
        {data.total === 0
          ? 'Nothing downstream depends on this.'
          : `${data.total} downstream ${data.total === 1 ? 'entity depends' : 'entities depend'} on this: ${byDegree
              .map((a: any) => `${a.count} at ${a.value} hop${a.value === '1' ? '' : 's'}`)
              .join(', ')}.`}
      </p>
      <ol className="result-list">
        {results.map((r: any) => (
          <ResultRow
            key={r.entity.urn}
            entity={r.entity}
            extra={
              <span className="badge">
                {r.degree} hop{r.degree === 1 ? '' : 's'}
              </span>
            }
          />
        ))}
      </ol>
    </section>
  );
}
