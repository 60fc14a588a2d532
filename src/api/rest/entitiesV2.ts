/** The `entitiesV2` resource: the latest aspects of one or many entities. */
import { Type } from 'typebox';
import { Param } from './params.js';
import { read, type RestResource } from './resource.js';
import { urnFromPath, withRawJson } from './restli.js';

const aspectsParam = Param.optional(Param.strings('aspect names, List(a,b) or repeated; default: every aspect of the entity'));

export const entitiesV2Resource: RestResource = {
  name: 'entitiesV2',
  doc: 'Entities with their latest aspects, each wrapped in an envelope {name, type, version, value, created, systemMetadata}.',
  reads: [
    read({
      path: '/entitiesV2/<urn>',
      route: '/entitiesV2/*',
      doc: 'One entity. An urn never written answers 200 with its key aspect, synthesized from the urn. An access token needs MANAGE_ACCESS_TOKENS and a policy MANAGE_POLICIES (else 403).',
      params: Type.Object({ aspects: aspectsParam }),
      returns: '{urn, entityName, aspects: {<aspect name>: envelope}}',
      handler: async ({ aspects }, { services, request, actor }, reply) => {
        const entity = await services.entities.getEntity(urnFromPath(request, 'entitiesV2'), actor, aspects);
        withRawJson(reply);
        return entity;
      },
    }),
    read({
      path: '/entitiesV2',
      route: '/entitiesV2',
      doc: 'Several entities at once.',
      params: Type.Object({ ids: Param.strings('urns, List(<encoded urn>,…) or repeated', { nonEmpty: true }), aspects: aspectsParam }),
      returns: '{results: {<urn>: entity}, statuses: {}, errors: {}}',
      handler: async ({ ids, aspects }, { services, actor }, reply) => {
        const entities = await services.entities.getEntities(ids, actor, aspects);
        withRawJson(reply);
        return { results: Object.fromEntries(entities.map((e) => [e.urn, e])), statuses: {}, errors: {} };
      },
    }),
  ],
  actions: [],
};
