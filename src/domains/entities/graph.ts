/** Relationships: the edges derived from relationship fields, in either direction. */
import { READ_REFUSED, type Authorizer } from '../../auth/authorizer.js';
import { hiddenFrom } from '../../auth/hidden.js';
import type { Registry } from '../../registry/registry.js';
import type { Edge, Store } from '../../store/types.js';
import { badRequest } from '../../errors.js';
import { resolveUrn } from '../../registry/resolve.js';

export type Direction = 'INCOMING' | 'OUTGOING' | 'UNDIRECTED';

export interface RelatedEntities {
  start: number;
  count: number;
  total: number;
  relationships: Array<{ type: string; entity: string }>;
}

export class GraphService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  /**
   * Entities related to one the actor may see, but those the actor may not (policies, tokens without
   * their privilege): left out in the query, so totals and pages count none of them.
   */
  async related(
    req: { urn: string; types: readonly string[]; direction: Direction; start: number; count: number },
    actor: string,
  ): Promise<RelatedEntities> {
    const { entity, urnString } = resolveUrn(this.registry, req.urn);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.entity(urnString));
    const hiddenTypes = (await hiddenFrom(this.authorizer, this.registry, actor)).types;
    if (req.types.length === 0) throw badRequest("Parameter 'types' is required: types=List(OwnedBy,…) or repeated");
    if (!Number.isInteger(req.start) || req.start < 0 || !Number.isInteger(req.count) || req.count < 0)
      throw badRequest('start and count must be non-negative integers');
    const other = (e: Edge, dir: 'INCOMING' | 'OUTGOING') => (dir === 'OUTGOING' ? e.destination : e.source);
    if (req.direction !== 'UNDIRECTED') {
      const dir = req.direction;
      const { total, edges } = await this.store.related({
        urn: urnString,
        types: req.types,
        direction: dir,
        start: req.start,
        count: req.count,
        hiddenTypes,
      });
      return { start: req.start, count: edges.length, total, relationships: edges.map((e) => ({ type: e.type, entity: other(e, dir) })) };
    }
    const all: Array<{ type: string; entity: string }> = [];
    for (const dir of ['OUTGOING', 'INCOMING'] as const) {
      const { edges } = await this.store.related({
        urn: urnString,
        types: req.types,
        direction: dir,
        start: 0,
        count: Number.MAX_SAFE_INTEGER,
        hiddenTypes,
      });
      for (const e of edges) all.push({ type: e.type, entity: other(e, dir) });
    }
    const page = all.slice(req.start, req.start + req.count);
    return { start: req.start, count: page.length, total: all.length, relationships: page };
  }
}
