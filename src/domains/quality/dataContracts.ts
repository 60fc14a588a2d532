/**
 * Data contracts: the assertions an asset promises to pass (freshness, schema, data quality), one
 * contract per asset. Making or replacing one needs EDIT_ENTITY_DATA_CONTRACT on the asset.
 */
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import type { GraphService } from '../entities/graph.js';
import { clientUrn, dropUnset, mayEdit, requireExisting } from './qualityEdits.js';
import { newEntityUrn } from '../../urn.js';

const CONTRACT = 'EDIT_ENTITY_DATA_CONTRACT';

type Clauses = ReadonlyArray<{ assertionUrn: string }> | null | undefined;

export interface DataContractInput {
  entityUrn: string;
  id?: string | null | undefined;
  freshness?: Clauses;
  schema?: Clauses;
  dataQuality?: Clauses;
  state?: AspectValue<'dataContractStatus'>['state'] | null | undefined;
}

const clauses = (list: Clauses) => list?.map((c) => ({ assertion: c.assertionUrn }));

export class DataContractService {
  constructor(
    private readonly managed: ManagedWrites,
    private readonly graph: GraphService,
  ) {}

  /** The asset's contract, found by its ContractFor edge, as DataHub finds it. */
  private async contractOf(asset: string, actor: string): Promise<string | undefined> {
    const r = await this.graph.related({ urn: asset, types: ['ContractFor'], direction: 'INCOMING', start: 0, count: 10_000 }, actor);
    return r.relationships.map((x) => x.entity).find((u) => this.managed.registry.isUrnOf(u, 'dataContract'));
  }

  /** Makes the asset's contract, or replaces the one it has in place. */
  async upsert(input: DataContractInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const entity = clientUrn(m, input.entityUrn);
    const grant = await mayEdit(m, actor, CONTRACT, [entity]);
    await requireExisting(m, entity);
    const assertions = [...(input.freshness ?? []), ...(input.schema ?? []), ...(input.dataQuality ?? [])].map((c) =>
      clientUrn(m, c.assertionUrn),
    );
    for (const a of assertions) await requireExisting(m, a, 'assertion');
    // A client's id must make a well-formed urn: checked, so a bad one is a 400.
    const urn = (await this.contractOf(entity, actor)) ?? clientUrn(m, newEntityUrn('dataContract', input.id), 'dataContract');
    const properties = dropUnset({
      entity,
      freshness: clauses(input.freshness),
      schema: clauses(input.schema),
      dataQuality: clauses(input.dataQuality),
    });
    const written = await m.write(grant, [
      m.upsert(urn, 'dataContractProperties', properties),
      m.upsert(urn, 'dataContractStatus', { state: input.state ?? 'ACTIVE' }),
    ]);
    return { urn, written };
  }
}
