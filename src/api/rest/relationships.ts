/** The `relationships` resource: edges between entities. */
import type { RestResource } from './resource.js';
import { integerParam, queryOf, queryParam } from './restli.js';
import { badRequest } from '../../service/errors.js';

export const relationshipsResource: RestResource = {
  name: 'relationships',
  doc: 'Entities related to an entity by relationship types. OUTGOING follows edges from the entity (e.g. the owners of a dataset), INCOMING leads to it (e.g. what a user owns). Edges to or from soft-deleted entities are left out.',
  reads: [
    {
      path: '/relationships',
      route: '/relationships',
      doc: 'One page of related entities.',
      params: [
        { name: 'urn', type: 'string', required: true, doc: 'the entity' },
        { name: 'types', type: 'array', required: true, doc: 'relationship names, List(OwnedBy,DownstreamOf) or repeated' },
        { name: 'direction', type: 'string', required: true, doc: 'INCOMING, OUTGOING or UNDIRECTED' },
        { name: 'start', type: 'integer', doc: 'offset (default 0)' },
        { name: 'count', type: 'integer', doc: 'page size (default 100)' },
      ],
      returns: '{start, count, total, relationships: [{type, entity}], entities: [urn]}',
      handler: async ({ services, request, actor }) => {
        const urn = queryParam(request, 'urn');
        if (!urn) throw badRequest("Parameter 'urn' is required");
        const direction = queryParam(request, 'direction');
        if (!direction) throw badRequest("Parameter 'direction' is required: INCOMING, OUTGOING or UNDIRECTED");
        const r = await services.graph.related({
          urn,
          types: queryOf(request).types ?? [],
          direction,
          start: integerParam(queryParam(request, 'start'), 'start', 0),
          count: integerParam(queryParam(request, 'count'), 'count', 100),
        }, actor);
        return { ...r, entities: r.relationships.map((x) => x.entity) };
      },
    },
  ],
  actions: [],
};
