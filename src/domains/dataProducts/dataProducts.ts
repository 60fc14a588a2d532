/**
 * Data products: created in a domain, renamed, given assets, taken back and deleted. A data product
 * keeps its assets in its own properties. Managing one is a privilege on its domain; assigning an
 * asset is a privilege on the asset. Privileges, ids and messages are DataHub's.
 */
import { randomUUID } from 'node:crypto';
import type { Grant } from '../../auth/authorizer.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { Privilege } from '../../registry/privilegeCatalog.js';
import { onResource, type Requirement } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { Store } from '../../store/types.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import type { Proposal } from '../../write/proposals.js';
import { entityUrn } from '../../urn.js';

type ProductProperties = Partial<AspectValue<'dataProductProperties'>>;

export interface ProductPropertiesInput {
  name?: string | null | undefined;
  description?: string | null | undefined;
}

export interface CreateDataProductInput {
  id?: string | null | undefined;
  domainUrn: string;
  properties: ProductPropertiesInput;
}

const ALL = 'EDIT_ENTITY';
const PROPERTIES = 'dataProductProperties' as const;
/** How many products an asset is looked for in when it leaves them. */
const MAX_HOLDERS = 10;

/** Managing data products is a privilege on their domain. */
const manageProducts = (domainUrn: string): Requirement => onResource(domainUrn, ALL, 'MANAGE_DATA_PRODUCTS');

/** The urns of a data product's assets, in the order stored. */
export const assetUrns = (p: ProductProperties | undefined): string[] =>
  (p?.assets ?? []).map((a) => a.destinationUrn).filter((u: unknown) => typeof u === 'string');

/** The id given, or a new UUID, as DataHub names new products and applications. */
export const newUrn = (entity: string, id: string | null | undefined) => entityUrn(entity, id?.trim() ? id : randomUUID());

/** The fields given a value. */
export const given = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: NonNullable<T[K]> };

/** DataHub makes the creator a technical owner of what they create. */
export const creatorOwns = (m: ManagedWrites, urn: string, actor: string): Proposal =>
  m.upsert(urn, 'ownership', {
    owners: [
      { owner: actor, type: 'TECHNICAL_OWNER', typeUrn: 'urn:li:ownershipType:__system__technical_owner', source: { type: 'MANUAL' } },
    ],
    lastModified: m.stamp(actor),
  });

/** Assets to be assigned: each must exist, and the actor needs `privilege` on each. */
export async function authorizeAssets(
  m: ManagedWrites,
  actor: string,
  resources: readonly string[],
  what: string,
  privilege: Privilege,
): Promise<Grant> {
  for (const r of resources) if (!(await m.exists(r))) throw badRequest(`Failed to batch set ${what}, ${r} in resources does not exist`);
  return m.authorize(actor, ...resources.map((r) => onResource(r, ALL, privilege)));
}

export class DataProductService {
  constructor(
    private readonly store: Store,
    private readonly managed: ManagedWrites,
  ) {}

  /** A product's domain's check when it has a domain; DataHub checks nothing more for one without. */
  private async authorizeProduct(urn: string, actor: string): Promise<Grant> {
    if (!(await this.managed.existsAs(urn, 'dataProduct'))) throw badRequest('The Data Product provided dos not exist');
    const domain = (await this.managed.aspect(urn, 'domains'))?.domains[0];
    return this.managed.authorize(actor, ...(domain ? [manageProducts(domain)] : []));
  }

  /** The products that list `asset`, found by their DataProductContains edges. */
  private async productsOf(asset: string): Promise<string[]> {
    const { edges } = await this.store.related({
      urn: asset,
      types: ['DataProductContains'],
      direction: 'INCOMING',
      start: 0,
      count: MAX_HOLDERS,
    });
    return [...new Set(edges.map((e) => e.source))];
  }

  async create(input: CreateDataProductInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    if (!(await m.existsAs(input.domainUrn, 'domain'))) throw badRequest('The Domain provided dos not exist');
    const grant = await m.authorize(actor, manageProducts(input.domainUrn));
    const urn = newUrn('dataProduct', input.id);
    if (await m.exists(urn)) throw badRequest('This Data product already exists!');
    const { name, description } = input.properties;
    const written = await m.write(grant, [
      m.upsert(urn, PROPERTIES, given({ name, description })),
      m.upsert(urn, 'domains', { domains: [input.domainUrn] }),
      creatorOwns(m, urn, actor),
    ]);
    return { urn, written };
  }

  async update(urn: string, input: ProductPropertiesInput, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await this.authorizeProduct(urn, actor);
    const fields = given({ name: input.name, description: input.description });
    return { written: await m.write(grant, [m.change(urn, PROPERTIES, (p) => ({ ...p, ...fields }))]) };
  }

  async delete(urn: string, actor: string): Promise<Written> {
    const grant = await this.authorizeProduct(urn, actor);
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }

  /** Adds the assets to `product`; with no product, each asset leaves whichever products list it. */
  async setProduct(resources: readonly string[], product: string | null | undefined, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await authorizeAssets(m, actor, resources, 'Data Product', 'EDIT_ENTITY_DATA_PRODUCTS');
    if (product && !(await m.existsAs(product, 'dataProduct')))
      throw badRequest(`Failed to batch set Data Product, Data Product urn ${product} does not exist`);
    if (product) {
      const added = (p: ProductProperties) => {
        const assets = p.assets ?? [];
        const known = new Set(assetUrns(p));
        const fresh = resources.filter((u, i, all) => !known.has(u) && all.indexOf(u) === i);
        return {
          ...p,
          assets: [
            ...assets,
            ...fresh.map((destinationUrn) => ({ destinationUrn, created: m.stamp(actor), lastModified: m.stamp(actor) })),
          ],
        };
      };
      return { written: await m.write(grant, [m.change(product, PROPERTIES, added)]) };
    }
    const holders = new Map<string, Set<string>>();
    for (const asset of resources) for (const p of await this.productsOf(asset)) holders.set(p, (holders.get(p) ?? new Set()).add(asset));
    const proposals = [...holders].map(([p, leaving]) =>
      m.change(p, PROPERTIES, (v) => ({ ...v, assets: (v.assets ?? []).filter((a) => !leaving.has(a.destinationUrn)) })),
    );
    return { written: await m.write(grant, proposals) };
  }
}
