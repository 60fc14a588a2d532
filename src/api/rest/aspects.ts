/** The `aspects` resource: proposal ingest and reads of one aspect version. */
import { badRequest } from '../../service/errors.js';
import { parseProposal, parseProposals } from '../../service/proposals.js';
import type { ParamDoc, RestAction, RestResource } from './resource.js';
import { integerParam, LONG_MAX, queryParam, urnFromPath } from './restli.js';

/** restoreIndices, served by both `aspects` and `operations`. */
export const restoreIndicesAction: RestAction = {
  name: 'restoreIndices',
  doc: 'Rebuilds the derived rows (search rows, edges) of entities from their aspects. With urn: that entity; with urnLike: up to batchSize (or limit) matching urns from row start; with neither: all, batchSize per transaction.',
  params: [
    { name: 'urn', type: 'string', doc: 'one entity' },
    { name: 'aspect', type: 'string', doc: 'only entities having this aspect' },
    { name: 'urnLike', type: 'string', doc: 'SQL LIKE pattern, % as wildcard' },
    { name: 'start', type: 'integer', doc: 'row to start from (default 0)' },
    { name: 'batchSize', type: 'integer', doc: 'entities per transaction (default 10)' },
    { name: 'limit', type: 'integer', doc: 'at most this many entities' },
  ],
  returns: 'a summary string',
  handler: async (p, { services, actor }) => {
    const args = {
      ...(p.urn !== undefined ? { urn: p.urn as string } : {}),
      ...(p.aspect !== undefined ? { aspect: p.aspect as string } : {}),
      ...(p.urnLike !== undefined ? { urnLike: p.urnLike as string } : {}),
      ...(p.start !== undefined ? { start: p.start as number } : {}),
      ...(p.batchSize !== undefined ? { batchSize: p.batchSize as number } : {}),
      ...(p.limit !== undefined ? { limit: p.limit as number } : {}),
    };
    const r = await services.restore.restore(args, actor);
    const argText = Object.entries(args).map(([k, v]) => `${k}=${v}`).join(', ');
    return `{args=RestoreIndicesArgs(${argText}), result=RestoreIndicesResult(rowsMigrated=${r.entities}, batches=${r.batches}, timeMs=${r.timeMs}, lastUrn=${r.lastUrn ?? ''})}`;
  },
};

/** A time in epoch milliseconds (a Rest.li long). */
const timeParam = (name: string, doc: string): ParamDoc => ({ name, type: 'integer', doc, min: -LONG_MAX, max: LONG_MAX });

const asyncParam = { name: 'async', type: 'string', doc: '"true" or "false"; accepted for compatibility, writes are always durable before the answer' } as const;

export const aspectsResource: RestResource = {
  name: 'aspects',
  doc: 'Versioned aspects of entities: write them as MetadataChangeProposals, read one version back.',
  reads: [
    {
      path: '/aspects/<urn>',
      route: '/aspects/*',
      doc: 'One version of one aspect. 404 when there is no such version.',
      params: [
        { name: 'aspect', type: 'string', required: true, doc: 'aspect name, e.g. ownership' },
        { name: 'version', type: 'integer', doc: '0 (default) = latest; 1..N = history, oldest first; negative = counted back from the newest history row' },
      ],
      returns: '{version, aspect: {<fully qualified type name>: value}}',
      handler: async ({ services, request, actor }) => {
        const urn = urnFromPath(request, 'aspects');
        const aspectName = queryParam(request, 'aspect');
        if (!aspectName) throw badRequest("Parameter 'aspect' is required");
        const version = integerParam(queryParam(request, 'version'), 'version', 0, { min: -LONG_MAX, max: LONG_MAX });
        const { aspect, row } = await services.entities.getAspectVersion(urn, aspectName, version, actor);
        return { version: row.version, aspect: { [aspect.fqn]: row.value } };
      },
    },
  ],
  actions: [
    {
      name: 'getTimeseriesAspectValues',
      doc: 'Points of a timeseries aspect, newest first, within inclusive time bounds.',
      params: [
        { name: 'urn', type: 'string', required: true, doc: 'the entity' },
        { name: 'entity', type: 'string', required: true, doc: 'its entity type' },
        { name: 'aspect', type: 'string', required: true, doc: 'a timeseries aspect, e.g. datasetProfile' },
        timeParam('startTimeMillis', 'earliest timestampMillis (inclusive)'),
        timeParam('endTimeMillis', 'latest timestampMillis (inclusive)'),
        { name: 'limit', type: 'integer', doc: 'at most this many points (default 10,000)' },
        { name: 'latestValue', type: 'boolean', doc: 'only the newest point' },
        { name: 'filter', type: 'object', doc: 'criteria on the point\'s fields, e.g. partitionSpec.partition' },
      ],
      returns: '{entityName, aspectName, startTimeMillis?, endTimeMillis?, limit, values: [{aspect: {value: <JSON text>, contentType}, systemMetadata}]}',
      handler: async (p, { services }) =>
        services.timeseries.values({
          urn: p.urn as string,
          entity: p.entity as string,
          aspect: p.aspect as string,
          ...(p.startTimeMillis !== undefined ? { startTimeMillis: p.startTimeMillis as number } : {}),
          ...(p.endTimeMillis !== undefined ? { endTimeMillis: p.endTimeMillis as number } : {}),
          ...(p.limit !== undefined ? { limit: p.limit as number } : {}),
          latestValue: p.latestValue === true,
          filter: p.filter,
        }),
    },
    {
      name: 'getCount',
      doc: 'How many entities have a latest version of an aspect.',
      params: [
        { name: 'aspect', type: 'string', required: true, doc: 'aspect name' },
        { name: 'urnLike', type: 'string', doc: 'SQL LIKE pattern on urns, % as wildcard' },
      ],
      returns: 'a number',
      handler: async (p, { services, actor }) => services.entities.countAspect(p.aspect as string, actor, p.urnLike as string | undefined),
    },
    restoreIndicesAction,
    {
      name: 'ingestProposal',
      doc: 'Writes one aspect (changeType UPSERT, CREATE, CREATE_ENTITY, UPDATE, PATCH or DELETE).',
      params: [
        { name: 'proposal', type: 'object', required: true, doc: '{entityType, entityUrn | entityKeyAspect, changeType, aspectName, aspect: {value: <JSON text>, contentType: "application/json"}, systemMetadata?}' },
        asyncParam,
      ],
      returns: 'the urn written',
      handler: async ({ proposal }, { services, actor }) => {
        const p = parseProposal(services.registry, proposal);
        const { urns } = await services.writePath.apply([p], { actor });
        return urns[0];
      },
    },
    {
      name: 'ingestProposalBatch',
      doc: 'Writes many proposals in one transaction: if any is invalid, none is written and the error names it.',
      params: [{ name: 'proposals', type: 'array', required: true, doc: 'list of proposals, as for ingestProposal' }, asyncParam],
      returns: 'the urn of the first proposal',
      handler: async ({ proposals }, { services, actor }) => {
        const ps = await parseProposals(services.registry, proposals);
        const { urns } = await services.writePath.apply(ps, { actor });
        return urns[0] ?? '';
      },
    },
  ],
};
