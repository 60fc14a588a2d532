/**
 * Reading entities as stored, for the services and the GraphQL loader: whether one exists, and the
 * latest aspects of many in one batch read with what the reader may not see already left out
 * (entity types and aspects whose registry `readPrivilege` it lacks). A read that goes through here
 * cannot forget the check; a service that needs a fact of a hidden aspect (whether a user has a
 * password) asks the store itself and answers only the fact.
 */
import type { Authorizer } from '../auth/authorizer.js';
import { hiddenFrom, type Hidden } from '../auth/hidden.js';
import type { Registry } from '../registry/registry.js';
import type { AspectRow, Store } from '../store/types.js';
import { entityExists, entityExistsAs } from './exists.js';

/** The latest aspects of entities as one reader may see them. */
export interface VisibleAspects {
  /** Each entity's latest aspects (versioned aspects only); an entity hidden whole has none. */
  latest(urns: readonly string[]): Promise<Map<string, AspectRow[]>>;
}

export class EntityReader {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  /** Whether an entity is stored (its key aspect is); text that is not an urn of a known type is not one. */
  exists(urn: string | null | undefined): Promise<boolean> {
    return entityExists(this.store, this.registry, urn);
  }

  /** Whether `urn` is a stored entity of type `entityName`. */
  existsAs(urn: string | null | undefined, entityName: string): Promise<boolean> {
    return entityExistsAs(this.store, this.registry, urn, entityName);
  }

  /** Reads for `actor`: what it may not see is decided once, on the first read, and left out of each. */
  visibleTo(actor: string): VisibleAspects {
    let hidden: Promise<Hidden> | undefined;
    return {
      latest: async (urns) => {
        hidden ??= hiddenFrom(this.authorizer, this.registry, actor);
        const [rows, h] = await Promise.all([this.store.getLatestAspects(urns), hidden]);
        if (h.none) return rows;
        const out = new Map<string, AspectRow[]>();
        for (const [urn, list] of rows) {
          const type = this.registry.entityOfUrn(urn)?.name ?? '';
          out.set(
            urn,
            list.filter((r) => !h.hides(type, r.aspect)),
          );
        }
        return out;
      },
    };
  }
}
