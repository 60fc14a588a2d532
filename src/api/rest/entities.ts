/** The legacy `entities` resource: snapshot ingest and snapshot reads. */
import { Type, type Static } from 'typebox';
import { MAX_COUNT, decodeScrollId, encodeScrollId, type SearchRequest } from '../../domains/search/search.js';
import { Param } from './params.js';
import { action, read, type RestResource } from './resource.js';
import { LONG_MAX, urnFromPath, withRawJson } from './restli.js';
import { searchEntities, searchMetadata, searchResultBody } from './searchShape.js';

const { optional } = Param;
const filterParam = optional(
  Param.object(
    '{or: [{and: [{field, value | values, condition?, negated?}]}]} (or legacy {criteria: [...]}); conditions EQUAL, CONTAIN, START_WITH, END_WITH, GREATER_THAN(_OR_EQUAL_TO), LESS_THAN(_OR_EQUAL_TO), IN, EXISTS, IS_NULL',
  ),
);
const sortParam = optional(Param.object('{field, order: ASCENDING | DESCENDING}'));
const inputParam = Param.string('words to find (each as a word prefix), * for everything, or <field>:<value> for an exact match');
const startParam = Param.integer('offset of the first result');
const countParam = Param.integer('page size (at most 10,000)', { max: MAX_COUNT });
const entitiesParam = optional(Param.strings('entity types; empty or absent = all'));

const searchParams = Type.Object({
  entity: Param.string('entity type, e.g. dataset'),
  input: inputParam,
  filter: filterParam,
  sort: sortParam,
  start: startParam,
  count: countParam,
});
const acrossParams = Type.Object({
  entities: entitiesParam,
  input: inputParam,
  filter: filterParam,
  sort: sortParam,
  start: startParam,
  count: countParam,
});
const scrollParams = Type.Object({
  entities: entitiesParam,
  input: inputParam,
  filter: filterParam,
  sort: sortParam,
  scrollId: optional(Param.string('from the previous page; absent for the first')),
  keepAlive: optional(Param.string('accepted for compatibility (e.g. "5m"); scroll ids do not expire')),
  count: countParam,
});

/** The search request in the parameters of the search actions. */
function searchRequest(p: Static<typeof scrollParams>, entities: readonly string[], start: number): SearchRequest {
  return { entities, input: p.input, filter: p.filter, sort: p.sort, start, count: p.count };
}

export const entitiesResource: RestResource = {
  name: 'entities',
  doc: 'Entities as legacy snapshots (deprecated in DataHub; ingestProposal and entitiesV2 replace them).',
  reads: [
    read({
      path: '/entities/<urn>',
      route: '/entities/*',
      doc: 'The entity as a snapshot; an urn never written answers with its key aspect only.',
      params: Type.Object({ aspects: optional(Param.strings('aspect names to include, List(a,b) or repeated')) }),
      returns: '{value: {<snapshot type name>: {urn, aspects: [{<fully qualified type name>: value}]}}}',
      handler: async ({ aspects }, { services, request, actor }, reply) => {
        const urn = urnFromPath(request, 'entities');
        const snapshot = await services.entities.getSnapshot(urn, actor, aspects);
        withRawJson(reply);
        return { value: snapshot };
      },
    }),
  ],
  actions: [
    action({
      name: 'search',
      doc: 'Full-text search within one entity type, with filters, facets over the whole result set, and paging without a 10,000 ceiling. A type the caller may not see (access tokens without MANAGE_ACCESS_TOKENS, policies without MANAGE_POLICIES) is a 403 here and in every other search action.',
      params: searchParams,
      returns:
        '{numEntities, pageSize, from, metadata: {urns, matches: [{matchedFields: [{name, value}]}], searchResultMetadatas: [{name, aggregations}], aggregations}, entities: [{entity: urn, matchedFields: [{name, value}]}]}',
      handler: async (p, { services, actor }) =>
        searchResultBody(await services.search.search(searchRequest(p, [p.entity], p.start), actor)),
    }),
    action({
      name: 'searchAcrossEntities',
      doc: 'Search over several entity types at once (all searchable types when entities is empty).',
      params: acrossParams,
      returns: 'as search',
      handler: async (p, { services, actor }) =>
        searchResultBody(await services.search.search(searchRequest(p, p.entities ?? [], p.start), actor)),
    }),
    action({
      name: 'scrollAcrossEntities',
      doc: 'Walks a whole result set page by page: pass back the scrollId of each answer; the last page has none.',
      params: scrollParams,
      returns: '{numEntities, pageSize, scrollId?, metadata, entities: [{entity: urn, matchedFields}]}',
      handler: async (p, { services, actor }) => {
        const start = decodeScrollId(p.scrollId);
        const r = await services.search.search(searchRequest(p, p.entities ?? [], start), actor);
        const next = start + r.urns.length;
        return {
          numEntities: r.total,
          pageSize: r.count,
          ...(next < r.total && r.urns.length > 0 ? { scrollId: encodeScrollId(next) } : {}),
          metadata: searchMetadata(r),
          entities: searchEntities(r),
        };
      },
    }),
    action({
      name: 'autocomplete',
      doc: 'Suggestions that start with the query (or a word of which does), from the autocomplete fields of an entity type.',
      params: Type.Object({
        entity: Param.string('entity type'),
        query: Param.string('the prefix typed so far'),
        field: optional(Param.string('suggest from this field only')),
        limit: Param.integer('number of suggestions', { max: MAX_COUNT }),
        filter: filterParam,
      }),
      returns: '{query, suggestions: [string]}',
      handler: async ({ entity, query, field, limit, filter }, { services, actor }) => ({
        query,
        suggestions: await services.search.autocomplete({ entity, query, limit, filter, ...(field ? { field } : {}) }, actor),
      }),
    }),
    action({
      name: 'browse',
      doc: 'Browse by path: the groups (next path segments, with entity counts) below a path, then the entities exactly at it. Soft-deleted entities are left out.',
      params: Type.Object({
        entity: Param.string('entity type'),
        path: Param.string('slash-delimited, e.g. /prod/hive; empty or / for the root'),
        filter: filterParam,
        start: Param.integer('offset over groups then entities'),
        limit: Param.integer('page size'),
      }),
      returns:
        '{entities: [{name, urn}], groups: [{name, count}], metadata: {path, totalNumEntities, groups}, from, pageSize, numEntities, numGroups, numElements}',
      handler: async ({ entity, path, start, limit, filter }, { services, actor }) => {
        const r = await services.browse.browse({ entity, path, start, limit, filter }, actor);
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
    }),
    action({
      name: 'getBrowsePaths',
      doc: 'The browse paths stored for an entity.',
      params: Type.Object({ urn: Param.string('the entity') }),
      returns: '[path]',
      handler: async ({ urn }, { services }) => services.browse.browsePathsOf(urn),
    }),
    action({
      name: 'exists',
      doc: 'Whether an entity exists (its key aspect is stored).',
      params: Type.Object({
        urn: Param.string('the entity'),
        includeSoftDelete: optional(Param.boolean('count soft-deleted entities as existing (default true)')),
      }),
      returns: 'true or false',
      handler: async ({ urn, includeSoftDelete }, { services }) => services.entities.exists(urn, includeSoftDelete ?? true),
    }),
    action({
      name: 'listUrns',
      doc: 'The urns of one entity type, in urn order. Access tokens need MANAGE_ACCESS_TOKENS and policies MANAGE_POLICIES (else 403), as for search.',
      params: Type.Object({ entity: Param.string('entity type'), start: Param.integer('offset'), count: Param.integer('page size') }),
      returns: '{entities: [urn], start, count, total}',
      handler: async ({ entity, start, count }, { services, actor }) => services.entities.listUrns(entity, start, count, actor),
    }),
    action({
      name: 'delete',
      doc: 'Hard-deletes an entity: every version of every aspect, its timeseries points, search row and edges (references to it from other entities stay: see deleteReferences). With aspectName, only that aspect; for a timeseries aspect, optionally only the points within a time window. An unknown urn deletes nothing. Needs DELETE_ENTITY.',
      params: Type.Object({
        urn: Param.string('the entity'),
        aspectName: optional(Param.string('only this aspect')),
        startTimeMillis: optional(Param.integer('timeseries aspect only: from this time (inclusive)', { min: -LONG_MAX, max: LONG_MAX })),
        endTimeMillis: optional(Param.integer('timeseries aspect only: up to this time (inclusive)', { min: -LONG_MAX, max: LONG_MAX })),
      }),
      returns: '{urn, rows, timeseriesRows} (rows left out for a timeseries aspect)',
      handler: async ({ urn, aspectName, startTimeMillis, endTimeMillis }, { services, actor }) =>
        services.deletes.hardDelete(
          {
            urn,
            ...(aspectName !== undefined ? { aspectName } : {}),
            ...(startTimeMillis !== undefined ? { startTimeMillis } : {}),
            ...(endTimeMillis !== undefined ? { endTimeMillis } : {}),
          },
          actor,
        ),
    }),
    action({
      name: 'deleteReferences',
      doc: "Removes an entity from the aspects of other entities that refer to it (owners, tags, terms, domains, lineage…): list elements holding it are dropped; an aspect that cannot stand without it is deleted. Each change goes through the write path and needs that aspect's privilege. With dryRun, only lists them.",
      params: Type.Object({
        urn: Param.string('the entity referred to'),
        dryRun: optional(Param.boolean('change nothing (default false)')),
      }),
      returns: '{total, relatedAspects: [{entity, aspect, relationship}]}',
      handler: async ({ urn, dryRun }, { services, actor }) => services.deletes.deleteReferences(urn, dryRun ?? false, actor),
    }),
    action({
      name: 'ingest',
      body: 'ingest',
      doc: 'Writes every aspect of one snapshot (Pegasus or Avro JSON, com.linkedin or com.linkedin.pegasus2avro names).',
      params: Type.Object({
        entity: Param.object('{value: {<snapshot type name>: {urn, aspects: [{<aspect type name>: value}]}}}'),
        systemMetadata: optional(Param.any('SystemMetadata applied to every aspect')),
      }),
      returns: 'nothing (200, empty body)',
      handler: async ({ entity, systemMetadata }, { services, actor }) => {
        await services.ingest.snapshot(entity, actor, systemMetadata);
        return undefined;
      },
    }),
    action({
      name: 'batchIngest',
      body: 'ingest',
      doc: 'Writes many snapshots in one transaction; if any is invalid, none is written.',
      params: Type.Object({
        entities: Param.list('list of entities, as for ingest'),
        systemMetadata: optional(Param.list('one SystemMetadata per entity, same length as entities')),
      }),
      returns: 'nothing (200, empty body)',
      handler: async ({ entities, systemMetadata }, { services, actor }) => {
        await services.ingest.snapshots(entities, actor, systemMetadata);
        return undefined;
      },
    }),
  ],
};
