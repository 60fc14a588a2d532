/** The legacy `entities` resource: snapshot ingest and snapshot reads. */
import { isPlainObject } from '../../json.js';
import { precondition, badRequest } from '../../service/errors.js';
import { parseSystemMetadata, withItem } from '../../service/proposals.js';
import { snapshotToProposals } from '../../service/snapshots.js';
import type { RestResource, ParamDoc } from './resource.js';
import { LONG_MAX, queryOf, urnFromPath } from './restli.js';
import { searchMetadata, searchResultBody } from './searchShape.js';
import { decodeScrollId, encodeScrollId, type SearchRequest } from '../../service/search.js';

const filterParam: ParamDoc = { name: 'filter', type: 'object', doc: '{or: [{and: [{field, value | values, condition?, negated?}]}]} (or legacy {criteria: [...]}); conditions EQUAL, CONTAIN, START_WITH, END_WITH, GREATER_THAN(_OR_EQUAL_TO), LESS_THAN(_OR_EQUAL_TO), IN, EXISTS, IS_NULL' };
const sortParam: ParamDoc = { name: 'sort', type: 'object', doc: '{field, order: ASCENDING | DESCENDING}' };
const inputParam: ParamDoc = { name: 'input', type: 'string', required: true, doc: 'words to find (each as a word prefix), * for everything, or <field>:<value> for an exact match' };


const entityList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const startParam: ParamDoc = { name: 'start', type: 'integer', required: true, doc: 'offset of the first result' };
const countParam: ParamDoc = { name: 'count', type: 'integer', required: true, doc: 'page size (at most 10,000)' };
const entitiesParam: ParamDoc = { name: 'entities', type: 'array', doc: 'entity types; empty or absent = all' };

/** The search request in the parameters of the search actions. */
function searchRequest(p: Record<string, unknown>, entities: string[], start = p.start as number): SearchRequest {
  return { entities, input: p.input as string, filter: p.filter, sort: p.sort, start, count: p.count as number };
}

export const entitiesResource: RestResource = {
  name: 'entities',
  doc: 'Entities as legacy snapshots (deprecated in DataHub; ingestProposal and entitiesV2 replace them).',
  reads: [
    {
      path: '/entities/<urn>',
      route: '/entities/*',
      doc: 'The entity as a snapshot; an urn never written answers with its key aspect only.',
      params: [{ name: 'aspects', type: 'array', doc: 'aspect names to include, List(a,b) or repeated' }],
      returns: '{value: {<snapshot type name>: {urn, aspects: [{<fully qualified type name>: value}]}}}',
      handler: async ({ services, request, actor }) => {
        const urn = urnFromPath(request, 'entities');
        return { value: await services.entities.getSnapshot(urn, actor, queryOf(request).aspects) };
      },
    },
  ],
  actions: [
    {
      name: 'search',
      doc: 'Full-text search within one entity type, with filters, facets over the whole result set, and paging without a 10,000 ceiling. A type the caller may not see (access tokens without MANAGE_ACCESS_TOKENS, policies without MANAGE_POLICIES) is a 403 here and in every other search action.',
      params: [
        { name: 'entity', type: 'string', required: true, doc: 'entity type, e.g. dataset' },
        inputParam,
        filterParam,
        sortParam,
        startParam,
        countParam,
      ],
      returns: '{numEntities, pageSize, from, metadata: {urns, matches: [{matchedFields: [{name, value}]}], searchResultMetadatas: [{name, aggregations}], aggregations}, entities: [urn]}',
      handler: async (p, { services, actor }) => searchResultBody(await services.search.search(searchRequest(p, [p.entity as string]), actor)),
    },
    {
      name: 'searchAcrossEntities',
      doc: 'Search over several entity types at once (all searchable types when entities is empty).',
      params: [
        entitiesParam,
        inputParam,
        filterParam,
        sortParam,
        startParam,
        countParam,
      ],
      returns: 'as search',
      handler: async (p, { services, actor }) => searchResultBody(await services.search.search(searchRequest(p, entityList(p.entities)), actor)),
    },
    {
      name: 'scrollAcrossEntities',
      doc: 'Walks a whole result set page by page: pass back the scrollId of each answer; the last page has none.',
      params: [
        entitiesParam,
        inputParam,
        filterParam,
        sortParam,
        { name: 'scrollId', type: 'string', doc: 'from the previous page; absent for the first' },
        { name: 'keepAlive', type: 'string', doc: 'accepted for compatibility (e.g. "5m"); scroll ids do not expire' },
        countParam,
      ],
      returns: '{numEntities, pageSize, scrollId?, metadata, entities: [urn]}',
      handler: async (p, { services, actor }) => {
        const start = decodeScrollId(p.scrollId);
        const r = await services.search.search(searchRequest(p, entityList(p.entities), start), actor);
        const next = start + r.urns.length;
        return { numEntities: r.total, pageSize: r.count, ...(next < r.total && r.urns.length > 0 ? { scrollId: encodeScrollId(next) } : {}), metadata: searchMetadata(r), entities: r.urns };
      },
    },
    {
      name: 'autocomplete',
      doc: 'Suggestions that start with the query (or a word of which does), from the autocomplete fields of an entity type.',
      params: [
        { name: 'entity', type: 'string', required: true, doc: 'entity type' },
        { name: 'query', type: 'string', required: true, doc: 'the prefix typed so far' },
        { name: 'field', type: 'string', doc: 'suggest from this field only' },
        { name: 'limit', type: 'integer', required: true, doc: 'number of suggestions' },
        filterParam,
      ],
      returns: '{query, suggestions: [string]}',
      handler: async (p, { services, actor }) => ({
        query: p.query,
        suggestions: await services.search.autocomplete({ entity: p.entity as string, query: p.query as string, limit: p.limit as number, filter: p.filter, ...(p.field ? { field: p.field as string } : {}) }, actor),
      }),
    },
    {
      name: 'browse',
      doc: 'Browse by path: the groups (next path segments, with entity counts) below a path, then the entities exactly at it. Soft-deleted entities are left out.',
      params: [
        { name: 'entity', type: 'string', required: true, doc: 'entity type' },
        { name: 'path', type: 'string', required: true, doc: 'slash-delimited, e.g. /prod/hive; empty or / for the root' },
        filterParam,
        { name: 'start', type: 'integer', required: true, doc: 'offset over groups then entities' },
        { name: 'limit', type: 'integer', required: true, doc: 'page size' },
      ],
      returns: '{entities: [{name, urn}], groups: [{name, count}], metadata: {path, totalNumEntities, groups}, from, pageSize, numEntities, numGroups, numElements}',
      handler: async (p, { services, actor }) => {
        const r = await services.browse.browse({ entity: p.entity as string, path: p.path as string, start: p.start as number, limit: p.limit as number, filter: p.filter }, actor);
        return {
          entities: r.entities,
          groups: r.groups,
          metadata: { path: r.path, totalNumEntities: r.totalNumEntities, groups: r.groups },
          from: r.from,
          pageSize: r.pageSize,
          numEntities: r.numEntities,
          numGroups: r.numGroups,
          numElements: r.numGroups + r.numEntities,
        };
      },
    },
    {
      name: 'getBrowsePaths',
      doc: 'The browse paths stored for an entity.',
      params: [{ name: 'urn', type: 'string', required: true, doc: 'the entity' }],
      returns: '[path]',
      handler: async (p, { services }) => services.browse.browsePathsOf(p.urn as string),
    },
    {
      name: 'exists',
      doc: 'Whether an entity exists (its key aspect is stored).',
      params: [
        { name: 'urn', type: 'string', required: true, doc: 'the entity' },
        { name: 'includeSoftDelete', type: 'boolean', doc: 'count soft-deleted entities as existing (default true)' },
      ],
      returns: 'true or false',
      handler: async (p, { services }) => services.entities.exists(p.urn as string, p.includeSoftDelete !== false),
    },
    {
      name: 'listUrns',
      doc: 'The urns of one entity type, in urn order. Access tokens need MANAGE_ACCESS_TOKENS and policies MANAGE_POLICIES (else 403), as for search.',
      params: [
        { name: 'entity', type: 'string', required: true, doc: 'entity type' },
        { name: 'start', type: 'integer', required: true, doc: 'offset' },
        { name: 'count', type: 'integer', required: true, doc: 'page size' },
      ],
      returns: '{entities: [urn], start, count, total}',
      handler: async (p, { services, actor }) => services.entities.listUrns(p.entity as string, p.start as number, p.count as number, actor),
    },
    {
      name: 'delete',
      doc: 'Hard-deletes an entity: every version of every aspect, its timeseries points, search row and edges (references to it from other entities stay: see deleteReferences). With aspectName, only that aspect; for a timeseries aspect, optionally only the points within a time window. An unknown urn deletes nothing. Needs DELETE_ENTITY.',
      params: [
        { name: 'urn', type: 'string', required: true, doc: 'the entity' },
        { name: 'aspectName', type: 'string', doc: 'only this aspect' },
        { name: 'startTimeMillis', type: 'integer', doc: 'timeseries aspect only: from this time (inclusive)', min: -LONG_MAX, max: LONG_MAX },
        { name: 'endTimeMillis', type: 'integer', doc: 'timeseries aspect only: up to this time (inclusive)', min: -LONG_MAX, max: LONG_MAX },
      ],
      returns: '{urn, rows, timeseriesRows} (rows left out for a timeseries aspect)',
      handler: async (p, { services, actor }) =>
        services.deletes.hardDelete(
          {
            urn: p.urn as string,
            ...(p.aspectName !== undefined ? { aspectName: p.aspectName as string } : {}),
            ...(p.startTimeMillis !== undefined ? { startTimeMillis: p.startTimeMillis as number } : {}),
            ...(p.endTimeMillis !== undefined ? { endTimeMillis: p.endTimeMillis as number } : {}),
          },
          actor,
        ),
    },
    {
      name: 'deleteReferences',
      doc: 'Removes an entity from the aspects of other entities that refer to it (owners, tags, terms, domains, lineage…): list elements holding it are dropped; an aspect that cannot stand without it is deleted. Each change goes through the write path and needs that aspect\'s privilege. With dryRun, only lists them.',
      params: [
        { name: 'urn', type: 'string', required: true, doc: 'the entity referred to' },
        { name: 'dryRun', type: 'boolean', doc: 'change nothing (default false)' },
      ],
      returns: '{total, relatedAspects: [{entity, aspect, relationship}]}',
      handler: async (p, { services, actor }) => services.deletes.deleteReferences(p.urn as string, p.dryRun === true, actor),
    },
    {
      name: 'ingest',
      doc: 'Writes every aspect of one snapshot (Pegasus or Avro JSON, com.linkedin or com.linkedin.pegasus2avro names).',
      params: [
        { name: 'entity', type: 'object', required: true, doc: '{value: {<snapshot type name>: {urn, aspects: [{<aspect type name>: value}]}}}' },
        { name: 'systemMetadata', type: 'any', doc: 'SystemMetadata applied to every aspect' },
      ],
      returns: 'nothing (200, empty body)',
      handler: async ({ entity, systemMetadata }, { services, actor }) => {
        const proposals = snapshotToProposals(services.registry, entity, parseSystemMetadata(systemMetadata));
        await services.writePath.apply(proposals, { actor });
        return undefined;
      },
    },
    {
      name: 'batchIngest',
      doc: 'Writes many snapshots in one transaction; if any is invalid, none is written.',
      params: [
        { name: 'entities', type: 'array', required: true, doc: 'list of entities, as for ingest' },
        { name: 'systemMetadata', type: 'array', doc: 'one SystemMetadata per entity, same length as entities' },
      ],
      returns: 'nothing (200, empty body)',
      handler: async ({ entities, systemMetadata }, { services, actor }) => {
        const list = entities as unknown[];
        const sms = systemMetadata as unknown[] | undefined;
        if (sms && sms.length !== list.length) {
          throw precondition(`systemMetadata has ${sms.length} items but entities has ${list.length}; they must be the same length`);
        }
        const proposals = list.flatMap((e, i) =>
          withItem(`entities[${i}]`, () => {
            if (!isPlainObject(e)) throw badRequest('must be an object holding a snapshot');
            return snapshotToProposals(services.registry, e, parseSystemMetadata(sms?.[i]));
          }),
        );
        await services.writePath.apply(proposals, { actor });
        return undefined;
      },
    },
  ],
};
