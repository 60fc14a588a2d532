/**
 * What the services that create, change and delete managed entities (data products, posts, views,
 * queries, templates…) share: a privilege check with DataHub's 403 text, proposals for the one write
 * path under that check, existence checks, and deletes that also clear references, as DataHub's do.
 * It knows actors, not requests: callers that keep what they read learn which urns were written.
 */
import { SYSTEM_ACTOR } from '../actors.js';
import type { Authorizer, Grant } from '../auth/authorizer.js';
import type { Requirement } from '../auth/requirements.js';
import { aspectValue, type AspectName, type AspectValue } from '../registry/aspectValues.js';
import type { Registry } from '../registry/registry.js';
import type { Store } from '../store/types.js';
import { entityExists, entityExistsAs } from './exists.js';
import { buildProposal, type Declared, deleteEntityProposal, editProposal, type Proposal } from './proposals.js';
import type { WritePath } from './writePath.js';

/** Who takes a deleted entity out of the aspects that refer to it (the entities' DeleteService). */
export interface ReferenceCleanup {
  deleteReferences(urn: string, dryRun: boolean, actor: string): Promise<unknown>;
}

/** The urns a service wrote, for callers that keep what they read to forget. */
export interface Written {
  written: string[];
}

export class ManagedWrites {
  constructor(
    readonly registry: Registry,
    private readonly store: Store,
    private readonly writePath: WritePath,
    private readonly authorizer: Authorizer,
    private readonly references: ReferenceCleanup,
    readonly now: () => number = Date.now,
  ) {}

  /** Checked before anything else is looked at, so a refused caller learns nothing of the input. */
  authorize(actor: string, ...requirements: Requirement[]): Promise<Grant> {
    return this.authorizer.require(actor, requirements);
  }

  /** The same check, refused with a service's own text where DataHub's differs from its usual one. */
  authorizeOr(actor: string, refusal: string, ...requirements: Requirement[]): Promise<Grant> {
    return this.authorizer.require(actor, requirements, () => refusal);
  }

  upsert<N extends AspectName, const V extends AspectValue<N>>(urn: string, aspect: N, value: Declared<AspectValue<N>, V>): Proposal {
    return buildProposal<N, V>(this.registry, urn, aspect, 'UPSERT', value);
  }

  /**
   * A change of part of an aspect, applied to its latest value inside the write's transaction. The
   * callback gets a copy, `{}` when the aspect is not stored yet, and may return a value without
   * fields the schema requires: the write checks the value it returns against the schema, and a
   * change of an aspect not stored that leaves a required field out is refused there (400), as it
   * always was. Misspelt fields and values of the wrong type are still compile errors.
   */
  change<N extends AspectName, const V extends Partial<AspectValue<N>>>(
    urn: string,
    aspect: N,
    fn: (current: Partial<AspectValue<N>>) => Declared<AspectValue<N>, V>,
  ): Proposal {
    return editProposal<N, AspectValue<N>>(this.registry, urn, aspect, (current) => {
      const edited: Partial<AspectValue<N>> = fn({ ...(current ?? {}) });
      return edited as AspectValue<N>; // checked against the schema when the write applies it
    });
  }

  /** Writes the proposals under the caller's grant; the urns written, once each. */
  async write(grant: Grant, proposals: Proposal[]): Promise<string[]> {
    await this.writePath.apply(proposals, { actor: grant.actor, grant });
    return [...new Set(proposals.map((p) => p.urn))];
  }

  /** The latest stored value of an aspect. */
  async aspect<N extends AspectName>(urn: string, aspect: N): Promise<AspectValue<N> | undefined> {
    return aspectValue(aspect, (await this.store.getAspect(urn, aspect, 0))?.value);
  }

  /** Whether an entity is stored (its key aspect is). */
  exists(urn: string | null | undefined): Promise<boolean> {
    return entityExists(this.store, this.registry, urn);
  }

  /** Whether `urn` is a stored entity of type `entityName`. */
  existsAs(urn: string | null | undefined, entityName: string): Promise<boolean> {
    return entityExistsAs(this.store, this.registry, urn, entityName);
  }

  /**
   * Deletes an entity (every aspect) and then removes it from the aspects that refer to it, as
   * DataHub's delete of a data product, application or view does. The references are cleared by the
   * system: the caller's check was the delete's own, not an edit of each referring entity.
   */
  async deleteWithReferences(grant: Grant, urn: string): Promise<string[]> {
    const written = await this.write(grant, [deleteEntityProposal(this.registry, urn)]);
    await this.references.deleteReferences(urn, false, SYSTEM_ACTOR);
    return written;
  }

  /** An audit stamp of now, by `actor`. */
  stamp(actor: string): { time: number; actor: string } {
    return { time: this.now(), actor };
  }
}
