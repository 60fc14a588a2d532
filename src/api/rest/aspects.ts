/** The `aspects` resource: proposal ingest and reads of one aspect version. */
import { Type } from 'typebox';
import { Param } from './params.js';
import { action, read, type RestResource } from './resource.js';
import { LONG_MAX, urnFromPath, withRawJson } from './restli.js';
import { valueOut } from '../../rawJson.js';

const { optional } = Param;

/** restoreIndices, served by both `aspects` and `operations`. */
export const restoreIndicesAction = action({
  name: 'restoreIndices',
  doc: 'Rebuilds the derived rows (search rows, edges) of entities from their aspects. With urn: that entity; with urnLike: up to batchSize (or limit) matching urns from row start; with neither: all, batchSize per transaction.',
  params: Type.Object({
    urn: optional(Param.string('one entity')),
    aspect: optional(Param.string('only entities having this aspect')),
    urnLike: optional(Param.string('SQL LIKE pattern, % as wildcard')),
    start: optional(Param.integer('row to start from (default 0)')),
    batchSize: optional(Param.integer('entities per transaction (default 10)', { min: 1 })),
    limit: optional(Param.integer('at most this many entities')),
  }),
  returns: 'a summary string',
  handler: async (args, { services, actor }) => {
    const r = await services.restore.restore(args, actor);
    const argText = Object.entries(args)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    return `{args=RestoreIndicesArgs(${argText}), result=RestoreIndicesResult(rowsMigrated=${r.entities}, batches=${r.batches}, timeMs=${r.timeMs}, lastUrn=${r.lastUrn ?? ''})}`;
  },
});

/** A time in epoch milliseconds (a Rest.li long). */
const timeParam = (doc: string) => optional(Param.integer(doc, { min: -LONG_MAX, max: LONG_MAX }));

const asyncParam = optional(Param.string('"true" or "false"; accepted for compatibility, writes are always durable before the answer'));

export const aspectsResource: RestResource = {
  name: 'aspects',
  doc: 'Versioned aspects of entities: write them as MetadataChangeProposals, read one version back.',
  reads: [
    read({
      path: '/aspects/<urn>',
      route: '/aspects/*',
      doc: 'One version of one aspect. 404 when there is no such version.',
      params: Type.Object({
        aspect: Param.string('aspect name, e.g. ownership'),
        version: optional(
          Param.integer('0 (default) = latest; 1..N = history, oldest first; negative = counted back from the newest history row', {
            min: -LONG_MAX,
            max: LONG_MAX,
          }),
        ),
      }),
      returns: '{version, aspect: {<fully qualified type name>: value}}',
      handler: async ({ aspect: aspectName, version }, { services, request, actor }, reply) => {
        const urn = urnFromPath(request, 'aspects');
        const { aspect, row } = await services.entities.getAspectVersion(urn, aspectName, version ?? 0, actor);
        withRawJson(reply);
        return { version: row.version, aspect: { [aspect.fqn]: valueOut(row) } };
      },
    }),
  ],
  actions: [
    action({
      name: 'getTimeseriesAspectValues',
      doc: 'Points of a timeseries aspect, newest first, within inclusive time bounds.',
      params: Type.Object({
        urn: Param.string('the entity'),
        entity: Param.string('its entity type'),
        aspect: Param.string('a timeseries aspect, e.g. datasetProfile'),
        startTimeMillis: timeParam('earliest timestampMillis (inclusive)'),
        endTimeMillis: timeParam('latest timestampMillis (inclusive)'),
        limit: optional(Param.integer('at most this many points (default 10,000)')),
        latestValue: optional(Param.boolean('only the newest point')),
        filter: optional(Param.object("criteria on the point's fields, e.g. partitionSpec.partition")),
      }),
      returns:
        '{entityName, aspectName, startTimeMillis?, endTimeMillis?, limit, values: [{aspect: {value: <JSON text>, contentType}, systemMetadata}]}',
      handler: async ({ latestValue, ...query }, { services }) =>
        services.timeseries.values({ ...query, latestValue: latestValue === true }),
    }),
    action({
      name: 'getCount',
      doc: 'How many entities have a latest version of an aspect.',
      params: Type.Object({
        aspect: Param.string('aspect name'),
        urnLike: optional(Param.string('SQL LIKE pattern on urns, % as wildcard')),
      }),
      returns: 'a number',
      handler: async ({ aspect, urnLike }, { services, actor }) => services.entities.countAspect(aspect, actor, urnLike),
    }),
    restoreIndicesAction,
    action({
      name: 'ingestProposal',
      body: 'ingest',
      doc: 'Writes one aspect (changeType UPSERT, CREATE, CREATE_ENTITY, UPDATE, PATCH or DELETE).',
      params: Type.Object({
        proposal: Param.object(
          '{entityType, entityUrn | entityKeyAspect, changeType, aspectName, aspect: {value: <JSON text>, contentType: "application/json"}, systemMetadata?}',
        ),
        async: asyncParam,
      }),
      returns: 'the urn written',
      handler: async ({ proposal }, { services, actor }) => {
        return services.ingest.proposal(proposal, actor);
      },
    }),
    action({
      name: 'ingestProposalBatch',
      body: 'ingest',
      doc: 'Writes many proposals in one transaction: if any is invalid, none is written and the error names it.',
      params: Type.Object({ proposals: Param.list('list of proposals, as for ingestProposal'), async: asyncParam }),
      returns: 'the urn of the first proposal',
      handler: async ({ proposals }, { services, actor }) => {
        const urns = await services.ingest.proposals(proposals, actor);
        return urns[0] ?? '';
      },
    }),
  ],
};
