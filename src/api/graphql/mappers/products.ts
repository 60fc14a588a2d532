/**
 * `dataProductProperties`, `applicationProperties` and the `applications` assignment of assets.
 */
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { parseUrn } from '../../../urn.js';
import { refOf, type GraphQLContext } from '../context.js';
import { customProperties, type resolvedAuditStamp } from './common.js';

/** What a data product's and an application's properties share. */
type Properties = Pick<AspectValue<'dataProductProperties'>, 'name' | 'description' | 'externalUrl' | 'customProperties'>;

export { assetUrns } from '../../../domains/dataProducts/dataProducts.js';

/**
 * A data product's or application's properties. Unnamed, it is called by its id, as DataHub does.
 * `numAssets` is given by the caller: a data product's is its asset list's length, an application's
 * the count of assets assigned to it.
 */
export function productProperties(
  urn: string,
  p: Properties | undefined,
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
/** `stored`: the aspect's value as a store row holds it. */
export function applicationAssociation(ctx: GraphQLContext, associatedUrn: string, stored: Record<string, unknown> | undefined) {
  const application = refOf(ctx.services, aspectValue('applications', stored)?.applications[0]);
  return application ? { application, associatedUrn } : null;
}
