/** The `entitiesV2` resource: the latest aspects of one or many entities. */
import { badRequest } from '../../service/errors.js';
import type { RestResource } from './resource.js';
import { queryOf, urnFromPath } from './restli.js';

const aspectsParam = { name: 'aspects', type: 'array', doc: 'aspect names, List(a,b) or repeated; default: every aspect of the entity' } as const;

export const entitiesV2Resource: RestResource = {
  name: 'entitiesV2',
  doc: 'Entities with their latest aspects, each wrapped in an envelope {name, type, version, value, created, systemMetadata}.',
  reads: [
    {
      path: '/entitiesV2/<urn>',
      route: '/entitiesV2/*',
      doc: 'One entity. An urn never written answers 200 with its key aspect, synthesized from the urn. An access token needs MANAGE_ACCESS_TOKENS and a policy MANAGE_POLICIES (else 403).',
      params: [aspectsParam],
      returns: '{urn, entityName, aspects: {<aspect name>: envelope}}',
      handler: async ({ services, request, actor }) => services.entities.getEntity(urnFromPath(request, 'entitiesV2'), actor, queryOf(request).aspects),
    },
    {
      path: '/entitiesV2',
      route: '/entitiesV2',
      doc: 'Several entities at once.',
      params: [{ name: 'ids', type: 'array', required: true, doc: 'urns, List(<encoded urn>,…) or repeated' }, aspectsParam],
      returns: '{results: {<urn>: entity}, statuses: {}, errors: {}}',
      handler: async ({ services, request, actor }) => {
        const ids = queryOf(request).ids;
        if (!ids || ids.length === 0) throw badRequest("Parameter 'ids' is required: /entitiesV2?ids=List(<urn>,…)");
        const entities = await services.entities.getEntities(ids, actor, queryOf(request).aspects);
        return { results: Object.fromEntries(entities.map((e) => [e.urn, e])), statuses: {}, errors: {} };
      },
    },
  ],
  actions: [],
};
