/**
 * `dataProductProperties`, `applicationProperties` and the `applications` assignment of assets.
 */
import { parseUrn } from '../../../urn.js';
import { refOf, type GraphQLContext } from '../context.js';
import { customProperties, type resolvedAuditStamp } from './common.js';

type Json = Record<string, any>;

export { assetUrns } from '../../../domains/dataProducts/dataProducts.js';

/**
 * A data product's or application's properties. Unnamed, it is called by its id, as DataHub does.
 * `numAssets` is given by the caller: a data product's is its asset list's length, an application's
 * the count of assets assigned to it.
 */
export function productProperties(
  urn: string,
  p: Json | undefined,
  extra: { numAssets: number | null; createdOn?: ReturnType<typeof resolvedAuditStamp> },
) {
  if (!p) return null;
  return {
    name: p.name ?? parseUrn(urn).parts[0],
    description: p.description ?? null,
    externalUrl: p.externalUrl ?? null,
    customProperties: customProperties(urn, p.customProperties),
    ...extra,
  };
}

/** An asset's `applications` aspect as GraphQL's single `application` association (its first). */
export function applicationAssociation(ctx: GraphQLContext, associatedUrn: string, a: Json | undefined) {
  const application = refOf(ctx.services, a?.applications?.[0]);
  return application ? { application, associatedUrn } : null;
}
