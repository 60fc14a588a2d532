/**
 * Per-request GraphQL context: the caller, the services, and loaders that batch reads, so a page of
 * results with nested entities costs a bounded number of store calls rather than one per field.
 */
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '../../featureFlags.js';
import DataLoader from 'dataloader';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiServices, AspectRow } from '../../domains/services.js';
import type { JsonObject } from '../../json.js';
import { aspectValue, type AspectName, type AspectValue } from '../../registry/aspectValues.js';
import { resolveUrn } from '../../registry/resolve.js';

/** An entity as GraphQL passes it between resolvers: just its urn and type; aspects load lazily. */
export interface EntityRef {
  urn: string;
  entityName: string;
}

export interface GraphQLContext {
  services: ApiServices;
  actor: string;
  log: FastifyBaseLogger;
  /** Whether callers must authenticate (AUTH_ENABLED): the app shows token management only then. */
  authEnabled: boolean;
  /** The web app's feature flags, as configured (featureFlags.ts). */
  featureFlags: FeatureFlags;
  /**
   * Latest aspects of an entity by name (versioned aspects only), batched per tick, without what the
   * caller may not see (write/entityReader.ts).
   */
  aspects: DataLoader<string, Map<string, AspectRow>>;
  /** Fields resolved so far (see MAX_RESOLVED_FIELDS). */
  resolved: number;
}

export function createContext(
  services: ApiServices,
  actor: string,
  log: FastifyBaseLogger,
  { authEnabled = true, featureFlags = DEFAULT_FEATURE_FLAGS }: { authEnabled?: boolean; featureFlags?: FeatureFlags } = {},
): GraphQLContext {
  const visible = services.reader.visibleTo(actor);
  const aspects = new DataLoader<string, Map<string, AspectRow>>(async (urns) => {
    const rows = await visible.latest(urns);
    return urns.map((u) => new Map((rows.get(u) ?? []).map((r) => [r.aspect, r])));
  });
  return { services, actor, log, authEnabled, featureFlags, aspects, resolved: 0 };
}

/**
 * An entity reference for an urn, or undefined for text that is not an urn of a known type (with
 * `of`, of that entity type).
 */
export function refOf(services: ApiServices, urn: unknown, of?: string): EntityRef | undefined {
  const entity = services.registry.entityOfUrn(urn);
  return entity && (of === undefined || entity.name === of) ? { urn: urn as string, entityName: entity.name } : undefined;
}

/** A ref for an urn given by a client: malformed urns and unknown types are 400s. */
export function clientRef(ctx: GraphQLContext, urn: string): EntityRef {
  const { entity, urnString } = resolveUrn(ctx.services.registry, urn);
  return { urn: urnString, entityName: entity.name };
}

/** The latest value of one aspect of an entity, of the aspect's type, or undefined. */
export async function latestAspect<N extends AspectName>(
  ctx: GraphQLContext,
  ref: EntityRef,
  aspect: N,
): Promise<AspectValue<N> | undefined> {
  return aspectValue(aspect, (await ctx.aspects.load(ref.urn)).get(aspect)?.value);
}

/**
 * The latest value of an aspect whose name is known only at run time (the raw aspects panel lists
 * whatever the registry holds), as open JSON. Every resolver that names its aspect uses `latestAspect`.
 */
export async function rawAspect(ctx: GraphQLContext, ref: EntityRef, aspect: string): Promise<JsonObject | undefined> {
  return (await ctx.aspects.load(ref.urn)).get(aspect)?.value;
}
