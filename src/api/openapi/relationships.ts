/**
 * `GET /openapi/relationships/v1/`: one page of the entities related to an entity, as DataHub's
 * RelationshipsController answers `DataHubGraph.get_related_entities`, read by the graph service.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ApiServices } from '../../domains/services.js';
import { Param, queryCheck } from '../rest/params.js';
import { decodeOnce, queryOf } from '../rest/restli.js';

/** DataHub's page when no count is given. */
const DEFAULT_COUNT = 200;

const checkQuery = queryCheck(
  Type.Object({
    urn: Param.string('the entity whose relationships are read'),
    relationshipTypes: Param.strings('relationship names, the parameter repeated for each', { nonEmpty: true }),
    direction: Param.oneOf(['INCOMING', 'OUTGOING'], 'INCOMING (edges to the entity) or OUTGOING (edges from it)'),
    start: Param.optional(Param.integer('offset (default 0)')),
    count: Param.optional(Param.integer(`page size (default ${DEFAULT_COUNT})`)),
  }),
);

/** DataHub decodes the urn once more (the web app's proxy may have encoded it twice); a urn already plain is kept. */
const plainUrn = (urn: string) => (/^urn%3a/i.test(urn) ? decodeOnce(urn, "Parameter 'urn'") : urn);

export function openapiRelationshipsRoutes(services: ApiServices) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/relationships/v1', async (request) => {
      const q = checkQuery(queryOf(request));
      const related = await services.graph.related(
        { urn: plainUrn(q.urn), types: q.relationshipTypes, direction: q.direction, start: q.start ?? 0, count: q.count ?? DEFAULT_COUNT },
        request.actor,
      );
      // DataHub's RelatedEntitiesResult; `via` is left out, as DataHub leaves out nulls.
      return {
        start: related.start,
        count: related.count,
        total: related.total,
        entities: related.relationships.map((r) => ({ relationshipType: r.type, urn: r.entity })),
      };
    });
  };
}
