/** The `aspects` resource: proposal ingest and reads of one aspect version. */
import { badRequest } from '../../service/errors.js';
import { parseProposal, parseProposals } from '../../service/proposals.js';
import type { RestResource } from './resource.js';
import { queryParam, urnFromPath } from './restli.js';

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
      handler: async ({ services, request }) => {
        const urn = urnFromPath(request, 'aspects');
        const aspectName = queryParam(request, 'aspect');
        if (!aspectName) throw badRequest("Parameter 'aspect' is required");
        const versionText = queryParam(request, 'version') ?? '0';
        if (!/^-?\d+$/.test(versionText)) throw badRequest(`Parameter 'version' must be an integer, not '${versionText}'`);
        const { aspect, row } = await services.entities.getAspectVersion(urn, aspectName, Number(versionText));
        return { version: row.version, aspect: { [aspect.fqn]: row.value } };
      },
    },
  ],
  actions: [
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
        const ps = parseProposals(services.registry, proposals);
        const { urns } = await services.writePath.apply(ps, { actor });
        return urns[0] ?? '';
      },
    },
  ],
};
