/**
 * Aspects most entity types share, each mapped once to its GraphQL type: ownership, domains,
 * deprecation, status, institutional memory (links), sub types, browse paths and platform instance.
 * Every entity type that has the aspect reads it through the same mapper.
 */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { parseUrn } from '../../../urn.js';
import { refOf, type EntityRef, type GraphQLContext } from '../context.js';
import type { ResolversTypes } from '../generated/resolvers.js';
import { metadataAttribution } from './attribution.js';
import { auditStamp } from './common.js';

/** DataHub's stamp for a record it requires one on but nobody stamped. */
const UNSTAMPED = { time: 0, actor: null };

/** `stored`: the aspect's value as a store row holds it. */
export function ownership(
  ctx: GraphQLContext,
  associatedUrn: string,
  stored: Record<string, unknown> | undefined,
): ResolversTypes['Ownership'] | null {
  const o = aspectValue('ownership', stored);
  if (!o) return null;
  return {
    owners: (o.owners ?? []).flatMap((owner): Array<ResolversTypes['Owner']> => {
      const entity = refOf(ctx.services, owner.owner);
      if (!entity) return [];
      return [
        {
          owner: entity,
          type: owner.type ?? 'NONE',
          ownershipType: owner.typeUrn
            ? refOf(ctx.services, owner.typeUrn)
            : refOf(ctx.services, `urn:li:ownershipType:__system__${String(owner.type ?? 'none').toLowerCase()}`),
          source: owner.source ?? null,
          associatedUrn,
          attribution: metadataAttribution(ctx, owner.attribution),
        },
      ];
    }),
    lastModified: auditStamp(o.lastModified) ?? UNSTAMPED,
  };
}

/** `domains` as GraphQL's single `domain` association: its first domain. */
export function domainAssociation(
  ctx: GraphQLContext,
  associatedUrn: string,
  d: AspectValue<'domains'> | undefined,
): ResolversTypes['DomainAssociation'] | null {
  const domain = refOf(ctx.services, d?.domains?.[0]);
  return domain ? { domain, associatedUrn } : null;
}

export function deprecation(ctx: GraphQLContext, d: AspectValue<'deprecation'> | undefined): ResolversTypes['Deprecation'] | null {
  if (!d) return null;
  return {
    deprecated: d.deprecated === true,
    decommissionTime: d.decommissionTime ?? null,
    note: d.note ?? null,
    actor: d.actor ?? null,
    actorEntity: refOf(ctx.services, d.actor) ?? null,
    replacement: refOf(ctx.services, d.replacement) ?? null,
  };
}

export const status = (s: AspectValue<'status'> | undefined): ResolversTypes['Status'] | null =>
  s ? { removed: s.removed === true } : null;

export function institutionalMemory(
  ctx: GraphQLContext,
  associatedUrn: string,
  m: AspectValue<'institutionalMemory'> | undefined,
): ResolversTypes['InstitutionalMemory'] | null {
  if (!m) return null;
  return {
    elements: (m.elements ?? []).map((e): ResolversTypes['InstitutionalMemoryMetadata'] => {
      // DataHub names an author it cannot resolve `unknown`, a user, rather than failing the page.
      const author = refOf(ctx.services, e.createStamp?.actor) ?? { urn: 'urn:li:corpuser:unknown', entityName: 'corpuser' };
      return {
        url: e.url,
        label: e.description ?? '',
        description: e.description ?? '',
        author,
        actor: author,
        created: auditStamp(e.createStamp) ?? UNSTAMPED,
        updated: auditStamp(e.updateStamp),
        associatedUrn,
      };
    }),
  };
}

export const subTypes = (s: AspectValue<'subTypes'> | undefined): ResolversTypes['SubTypes'] | null =>
  s ? { typeNames: s.typeNames ?? [] } : null;

/** `browsePaths` (v1): each path as its segments. */
export const browsePaths = (b: AspectValue<'browsePaths'> | undefined): Array<ResolversTypes['BrowsePath']> | null =>
  b ? (b.paths ?? []).map((p) => ({ path: p.split('/').filter((s) => s !== '') })) : null;

/** `browsePathsV2` as DataHub's mapper builds it: each entry named by its id, with its entity when it names one. */
export const browsePathV2 = (ctx: GraphQLContext, b: AspectValue<'browsePathsV2'> | undefined): ResolversTypes['BrowsePathV2'] | null =>
  b ? { path: (b.path ?? []).map((e) => ({ name: e.id, entity: e.urn ? (refOf(ctx.services, e.urn) ?? null) : null })) } : null;

/** The platform of an entity's `dataPlatformInstance`, as an entity, or null. */
export const instancePlatform = (ctx: GraphQLContext, d: AspectValue<'dataPlatformInstance'> | undefined): EntityRef | null =>
  d?.platform ? (refOf(ctx.services, d.platform) ?? null) : null;

/**
 * `dataPlatformInstance` as DataHub's mapper builds it: a whole `DataPlatformInstance` object rather
 * than a reference, read as it is (see schema.ts), so it stands in for the EntityRef the type maps to.
 */
export function dataPlatformInstance(
  ctx: GraphQLContext,
  d: AspectValue<'dataPlatformInstance'> | undefined,
): ResolversTypes['DataPlatformInstance'] | null {
  if (!d) return null;
  const built = {
    urn: d.instance ?? d.platform,
    type: 'DATA_PLATFORM_INSTANCE',
    platform: instancePlatform(ctx, d),
    instanceId: d.instance ? (parseUrn(d.instance).parts[1] ?? '') : '',
  };
  return built as unknown as EntityRef;
}
