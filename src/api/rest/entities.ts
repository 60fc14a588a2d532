/** The legacy `entities` resource: snapshot ingest and snapshot reads. */
import { isPlainObject } from '../../json.js';
import { precondition, badRequest } from '../../service/errors.js';
import { parseSystemMetadata, withItem } from '../../service/proposals.js';
import { snapshotToProposals } from '../../service/snapshots.js';
import type { RestResource } from './resource.js';
import { queryOf, urnFromPath } from './restli.js';

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
      handler: async ({ services, request }) => {
        const urn = urnFromPath(request, 'entities');
        return { value: await services.entities.getSnapshot(urn, queryOf(request).aspects) };
      },
    },
  ],
  actions: [
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
