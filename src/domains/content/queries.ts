/**
 * Saved queries: a statement about one or more datasets (its subjects). Creating, changing or
 * deleting one needs EDIT_ENTITY_QUERIES on each dataset it is, or will be, about, as DataHub rules.
 */
import { onResource } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import { newEntityUrn, tryParseUrn } from '../../urn.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';

export interface QueryStatementInput {
  value: string;
  language: NonNullable<AspectValue<'queryProperties'>['statement']['language']>;
}

export interface CreateQueryInput {
  properties: { name?: string | null | undefined; description?: string | null | undefined; statement: QueryStatementInput };
  subjects: readonly { datasetUrn: string }[];
}

export interface UpdateQueryInput {
  properties?:
    | {
        name?: string | null | undefined;
        description?: string | null | undefined;
        statement?: QueryStatementInput | null | undefined;
      }
    | null
    | undefined;
  subjects?: readonly { datasetUrn: string }[] | null | undefined;
}

const REFUSED = {
  create: 'Unauthorized to create Query. Please contact your DataHub administrator for more information.',
  update: 'Unauthorized to update Query. Please contact your DataHub administrator if this needs corrective action.',
  delete: 'Unauthorized to delete Query. Please contact your DataHub administrator if this needs corrective action.',
};

const requirements = (datasets: readonly string[]) => datasets.map((d) => onResource(d, 'EDIT_ENTITY', 'EDIT_ENTITY_QUERIES'));
const subjectsOf = (datasets: readonly string[]) => ({ subjects: datasets.map((entity) => ({ entity })) });

export class QueryService {
  constructor(private readonly managed: ManagedWrites) {}

  private async requireDatasets(datasets: readonly string[]) {
    for (const d of datasets)
      if (!(await this.managed.existsAs(d, 'dataset'))) throw badRequest(`Failed to create Query: dataset ${d} does not exist`);
  }

  /** The datasets a stored query is about; undefined when there is no such query. */
  private async subjects(urn: string): Promise<string[] | undefined> {
    if (tryParseUrn(urn)?.entityType !== 'query') return undefined;
    return (await this.managed.aspect(urn, 'querySubjects'))?.subjects.map((s) => s.entity);
  }

  async create(input: CreateQueryInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const datasets = input.subjects.map((s) => s.datasetUrn);
    const grant = await m.authorizeOr(actor, REFUSED.create, ...requirements(datasets));
    if (datasets.length === 0) throw badRequest('Failed to create Query: a query needs at least one subject');
    await this.requireDatasets(datasets);
    const urn = newEntityUrn('query');
    const { name, description, statement } = input.properties;
    const properties = {
      statement: { value: statement.value, language: statement.language },
      source: 'MANUAL' as const,
      ...(name != null ? { name } : {}),
      ...(description != null ? { description } : {}),
      created: m.stamp(actor),
      lastModified: m.stamp(actor),
    };
    const written = await m.write(grant, [
      m.upsert(urn, 'queryProperties', properties),
      m.upsert(urn, 'querySubjects', subjectsOf(datasets)),
    ]);
    return { urn, written };
  }

  async update(urn: string, input: UpdateQueryInput, actor: string): Promise<Written> {
    const m = this.managed;
    const existing = await this.subjects(urn);
    if (!existing) throw badRequest(`Failed to find query with urn ${urn}`);
    const datasets = input.subjects?.map((s) => s.datasetUrn);
    const impacted = [...new Set([...existing, ...(datasets ?? [])])];
    const grant = await m.authorizeOr(actor, REFUSED.update, ...requirements(impacted));
    if (datasets) await this.requireDatasets(datasets);
    const p = input.properties;
    const given = {
      ...(p?.name != null ? { name: p.name } : {}),
      ...(p?.description != null ? { description: p.description } : {}),
      ...(p?.statement != null ? { statement: p.statement } : {}),
    };
    const written = await m.write(grant, [
      m.change(urn, 'queryProperties', (current) => ({ ...current, ...given, lastModified: m.stamp(actor) })),
      ...(datasets ? [m.upsert(urn, 'querySubjects', subjectsOf(datasets))] : []),
    ]);
    return { written };
  }

  async delete(urn: string, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await m.authorizeOr(actor, REFUSED.delete, ...requirements((await this.subjects(urn)) ?? []));
    if (!(await m.existsAs(urn, 'query'))) throw badRequest(`Failed to delete Query: ${urn} does not exist`);
    return { written: await m.deleteWithReferences(grant, urn) };
  }
}
