/**
 * Operations reported on a dataset (an insert, a schema change…), as the dataset page lists them.
 * Reporting one needs EDIT_ENTITY_OPERATIONS on the dataset; only datasets report operations, as in
 * DataHub.
 */
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { clientUrn, dropUnset, mayEdit, requireExisting, stringMap, type MapEntryInput } from './qualityEdits.js';

const OPERATIONS = 'EDIT_ENTITY_OPERATIONS';
const OPERATION_ENTITY_TYPES = ['dataset'];

type Operation = AspectValue<'operation'>;

export interface OperationInput {
  urn: string;
  operationType: Operation['operationType'];
  customOperationType?: string | null | undefined;
  sourceType: NonNullable<Operation['sourceType']>;
  timestampMillis?: number | null | undefined;
  numAffectedRows?: number | null | undefined;
  partition?: string | null | undefined;
  customProperties?: ReadonlyArray<MapEntryInput> | null | undefined;
}

export class OperationService {
  constructor(private readonly managed: ManagedWrites) {}

  async report(input: OperationInput, actor: string): Promise<Written> {
    const m = this.managed;
    const urn = clientUrn(m, input.urn);
    const grant = await mayEdit(m, actor, OPERATIONS, [urn]);
    const entityType = m.registry.entityOfUrn(urn)!.name;
    if (!OPERATION_ENTITY_TYPES.includes(entityType))
      throw badRequest(`Unable to report operation. Invalid entity type ${entityType} provided.`);
    await requireExisting(m, urn);
    const at = input.timestampMillis != null ? Number(input.timestampMillis) : m.now();
    const operation = dropUnset({
      timestampMillis: at,
      lastUpdatedTimestamp: at,
      actor,
      operationType: input.operationType,
      customOperationType: input.customOperationType,
      numAffectedRows: input.numAffectedRows != null ? Number(input.numAffectedRows) : undefined,
      sourceType: input.sourceType,
      partitionSpec: input.partition ? { type: 'PARTITION' as const, partition: input.partition } : undefined,
      customProperties: stringMap(input.customProperties),
    });
    return { written: await m.write(grant, [m.upsert(urn, 'operation', operation)]) };
  }
}
