/**
 * ER model relationships drawn between two datasets. A relationship's urn is DataHub's guid of its
 * name and its two datasets, so drawing the same one twice names the same entity. Creating, changing
 * or deleting one needs EDIT_ENTITY or CREATE_ENTITY_ER_MODEL_RELATIONSHIP on both datasets.
 */
import { createHash } from 'node:crypto';
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { onResource } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import type { Proposal } from '../../write/proposals.js';
import { entityUrn } from '../../urn.js';

type RelationshipProperties = AspectValue<'erModelRelationshipProperties'>;

export interface RelationshipPropertiesInput {
  name: string;
  source: string;
  destination: string;
  relationshipFieldmappings?:
    | readonly { sourceField?: string | null | undefined; destinationField?: string | null | undefined }[]
    | null
    | undefined;
  erModelRelationshipCardinality?: RelationshipProperties['cardinality'] | null | undefined;
  /** Whether to stamp its creation: at `createdAt` by `createdBy` when given, else now by the actor. */
  created?: boolean | null | undefined;
  createdAt?: number | null | undefined;
  createdBy?: string | null | undefined;
}

export interface RelationshipInput {
  properties?: RelationshipPropertiesInput | null | undefined;
  editableProperties?: { description: string; name?: string | null | undefined } | null | undefined;
}

const PROPERTIES = 'erModelRelationshipProperties' as const;
const CREATE_REFUSED = 'Unauthorized to create erModelRelationship. Please contact your DataHub administrator.';

const onDatasets = (...datasets: string[]) => datasets.map((d) => onResource(d, 'EDIT_ENTITY', 'CREATE_ENTITY_ER_MODEL_RELATIONSHIP'));

/** DataHub's guid: the md5 of the name and the two datasets, lower one first, keys in alphabetical order. */
function relationshipUrn(p: RelationshipPropertiesInput): string {
  const [low, high] = p.source.localeCompare(p.destination) > 0 ? [p.destination, p.source] : [p.source, p.destination];
  const key = `{"Destination":"${low}","ERModelRelationName":"${p.name}","Source":"${high}"}`;
  return entityUrn('erModelRelationship', createHash('md5').update(key, 'utf8').digest('hex'));
}

export class ErModelService {
  constructor(private readonly managed: ManagedWrites) {}

  private async requireDatasets(p: RelationshipPropertiesInput) {
    for (const d of [p.source, p.destination])
      if (!(await this.managed.existsAs(d, 'dataset'))) throw badRequest(`Dataset ${d} does not exist`);
  }

  /** A stored relationship's properties; undefined when there is no such relationship. */
  private async stored(urn: string): Promise<RelationshipProperties | undefined> {
    return (await this.managed.existsAs(urn, 'erModelRelationship')) ? this.managed.aspect(urn, PROPERTIES) : undefined;
  }

  /** The proposals of an input: each aspect given, changed in place. */
  private proposals(urn: string, input: RelationshipInput, actor: string): Proposal[] {
    const m = this.managed;
    const out: Proposal[] = [];
    const p = input.properties;
    if (p) {
      const mappings = (p.relationshipFieldmappings ?? []).map((f) => {
        if (!f.sourceField || !f.destinationField) throw badRequest('A field mapping needs a sourceField and a destinationField');
        return { sourceField: f.sourceField, destinationField: f.destinationField };
      });
      out.push(
        m.change(urn, PROPERTIES, (current) => ({
          ...current,
          name: p.name,
          source: p.source,
          destination: p.destination,
          relationshipFieldMappings: mappings,
          ...(p.erModelRelationshipCardinality ? { cardinality: p.erModelRelationshipCardinality } : {}),
          ...(p.created ? { created: p.createdAt != null ? { time: p.createdAt, actor: p.createdBy ?? actor } : m.stamp(actor) } : {}),
          lastModified: m.stamp(actor),
        })),
      );
    }
    const e = input.editableProperties;
    if (e) {
      out.push(
        m.change(urn, 'editableERModelRelationshipProperties', (current) => ({
          ...current,
          description: e.description,
          ...(e.name != null ? { name: e.name } : {}),
          created: current.created ?? m.stamp(actor),
          lastModified: m.stamp(actor),
        })),
      );
    }
    return out;
  }

  async create(input: RelationshipInput, actor: string): Promise<Written & { urn: string }> {
    const p = input.properties;
    if (!p) throw badRequest('Failed to create erModelRelationship: properties are required');
    const grant = await this.managed.authorizeOr(actor, CREATE_REFUSED, ...onDatasets(p.source, p.destination));
    await this.requireDatasets(p);
    const urn = relationshipUrn(p);
    const written = await this.managed.write(
      grant,
      this.proposals(urn, { ...input, properties: { ...p, created: p.created ?? true } }, actor),
    );
    return { urn, written };
  }

  async update(urn: string, input: RelationshipInput, actor: string): Promise<Written> {
    const current = await this.stored(urn);
    const p = input.properties;
    const datasets = [...new Set([current?.source, current?.destination, p?.source, p?.destination].filter((d): d is string => !!d))];
    const grant = await this.managed.authorizeOr(actor, UNAUTHORIZED_MESSAGE, ...onDatasets(...datasets));
    if (!current) throw badRequest(`Failed to update erModelRelationship: ${urn} does not exist`);
    if (p) await this.requireDatasets(p);
    return { written: await this.managed.write(grant, this.proposals(urn, input, actor)) };
  }

  async delete(urn: string, actor: string): Promise<Written> {
    const current = await this.stored(urn);
    const grant = await this.managed.authorizeOr(
      actor,
      UNAUTHORIZED_MESSAGE,
      ...(current ? onDatasets(current.source, current.destination) : []),
    );
    if (!current) throw badRequest(`Failed to delete erModelRelationship: ${urn} does not exist`);
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }
}
