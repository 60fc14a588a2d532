/**
 * Saved views: anyone keeps personal ones; global ones need MANAGE_GLOBAL_VIEWS. A personal view is
 * changed or deleted only by its creator, as DataHub rules. A deleted view is no one's default any
 * more: the settings that name it lose it.
 */
import { onPlatform, type Requirement } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { newEntityUrn } from '../../urn.js';

type ViewInfo = AspectValue<'dataHubViewInfo'>;
type Criterion = NonNullable<ViewInfo['definition']['filter']['criteria']>[number];

export interface ViewFilterInput {
  field: string;
  value?: string | null | undefined;
  values?: readonly string[] | null | undefined;
  condition?: Criterion['condition'] | null | undefined;
  negated?: boolean | null | undefined;
}

export interface ViewDefinitionInput {
  /** Entity type names; one the registry does not know is refused. */
  entityTypes: readonly string[];
  filter: { operator: string; filters: readonly ViewFilterInput[] };
}

export interface CreateViewInput {
  name: string;
  description?: string | null | undefined;
  viewType: ViewInfo['type'];
  definition: ViewDefinitionInput;
}

export interface UpdateViewInput {
  name?: string | null | undefined;
  description?: string | null | undefined;
  definition?: ViewDefinitionInput | null | undefined;
}

const VIEW_ASPECT = 'dataHubViewInfo' as const;
const MANAGE_GLOBAL_VIEWS = onPlatform('MANAGE_GLOBAL_VIEWS');
/** Nobody holds this: a personal view of someone else is refused with DataHub's 403. */
const NOBODY: Requirement = { privileges: [] };

function criterion(f: ViewFilterInput): Criterion {
  const values = f.values ?? (f.value != null ? [f.value] : []);
  return { field: f.field, value: values[0] ?? '', values: [...values], condition: f.condition ?? 'EQUAL', negated: f.negated ?? false };
}

export class ViewService {
  constructor(private readonly managed: ManagedWrites) {}

  /** An AND view is one group of criteria; an OR view one group per criterion (DataHub's mapping). */
  private definition(input: ViewDefinitionInput): ViewInfo['definition'] {
    const entityTypes = input.entityTypes.map((t) => {
      const name = this.managed.registry.entity(t)?.name;
      if (!name) throw badRequest(`Unsupported entity type ${t} in view definition`);
      return name;
    });
    const criteria = input.filter.filters.map(criterion);
    const or = input.filter.operator === 'AND' ? [{ and: criteria }] : criteria.map((c) => ({ and: [c] }));
    return { entityTypes, filter: { or } };
  }

  /** Who may change a stored view: its creator, or for a global one, a manager of global views. */
  private async authorizeView(urn: string, actor: string) {
    const info = await this.managed.aspect(urn, VIEW_ASPECT);
    if (!info) throw badRequest(`Failed to modify View. View with urn ${urn} does not exist.`);
    if (info.created?.actor === actor) return this.managed.authorize(actor);
    return this.managed.authorize(actor, info.type === 'GLOBAL' ? MANAGE_GLOBAL_VIEWS : NOBODY);
  }

  async create(input: CreateViewInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const grant = await m.authorize(actor, ...(input.viewType === 'GLOBAL' ? [MANAGE_GLOBAL_VIEWS] : []));
    const urn = newEntityUrn('dataHubView');
    const info = {
      name: input.name,
      ...(input.description != null ? { description: input.description } : {}),
      type: input.viewType,
      definition: this.definition(input.definition),
      created: m.stamp(actor),
      lastModified: m.stamp(actor),
    };
    return { urn, written: await m.write(grant, [m.upsert(urn, VIEW_ASPECT, info)]) };
  }

  async update(urn: string, input: UpdateViewInput, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await this.authorizeView(urn, actor);
    const fields = {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.description != null ? { description: input.description } : {}),
      ...(input.definition ? { definition: this.definition(input.definition) } : {}),
    };
    return { written: await m.write(grant, [m.change(urn, VIEW_ASPECT, (v) => ({ ...v, ...fields, lastModified: m.stamp(actor) }))]) };
  }

  async delete(urn: string, actor: string): Promise<Written> {
    const grant = await this.authorizeView(urn, actor);
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }
}
