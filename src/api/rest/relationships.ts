/** The `relationships` resource: edges between entities. */
import { Type } from 'typebox';
import { Param } from './params.js';
import { read, type RestResource } from './resource.js';

export const relationshipsResource: RestResource = {
  name: 'relationships',
  doc: 'Entities related to an entity by relationship types. OUTGOING follows edges from the entity (e.g. the owners of a dataset), INCOMING leads to it (e.g. what a user owns). Edges to or from soft-deleted entities are left out.',
  reads: [
    read({
      path: '/relationships',
      route: '/relationships',
      doc: 'One page of related entities.',
      params: Type.Object({
        urn: Param.string('the entity'),
        types: Param.strings('relationship names, List(OwnedBy,DownstreamOf) or repeated', { nonEmpty: true }),
        direction: Param.oneOf(['INCOMING', 'OUTGOING', 'UNDIRECTED'], 'INCOMING, OUTGOING or UNDIRECTED'),
        start: Param.optional(Param.integer('offset (default 0)')),
        count: Param.optional(Param.integer('page size (default 100)')),
      }),
      returns: '{start, count, total, relationships: [{type, entity}], entities: [urn]}',
      handler: async ({ start, count, ...q }, { services, actor }) => {
        const r = await services.graph.related({ ...q, start: start ?? 0, count: count ?? 100 }, actor);
        return { ...r, entities: r.relationships.map((x) => x.entity) };
      },
    }),
  ],
  actions: [],
};
