/**
 * Reads of entities and aspects by urn. An entity that was never written still answers with its
 * key aspect, synthesized from the urn, as GMS does. Entities of a type the actor may not see
 * (registry `readPrivilege`) are refused with DataHub's texts, whether or not they exist.
 */
import { READ_REFUSED, type Authorizer } from '../../auth/authorizer.js';
import type { Registry } from '../../registry/registry.js';
import type { AspectSpec, EntitySpec } from '../../registry/types.js';
import type { AspectRow, Store, SystemMetadata } from '../../store/types.js';
import { systemMetadataOut, valueOut, type RawJson } from '../../rawJson.js';
import { badRequest, notFound } from '../../errors.js';
import { resolveEntity, resolveUrn } from '../../registry/resolve.js';
import { rowsToSnapshot } from '../../write/snapshots.js';
import { SYSTEM_ACTOR } from '../../actors.js';

/** Value and system metadata stay the text they were stored as, when they pass through unchanged. */
export interface EnvelopedAspect {
  name: string;
  type: 'VERSIONED';
  version: number;
  value: Record<string, unknown> | RawJson;
  created: { actor: string; time: number };
  systemMetadata?: SystemMetadata | RawJson;
}

export interface EntityResponse {
  urn: string;
  entityName: string;
  aspects: Record<string, EnvelopedAspect>;
}

export class EntityService {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
    private readonly now: () => number = Date.now,
  ) {}

  /** `GET /entitiesV2/<urn>`: the latest version of the requested (default: all) versioned aspects. */
  async getEntity(urnInput: string, actor: string, aspectNames?: readonly string[]): Promise<EntityResponse> {
    const resolved = resolveUrn(this.registry, urnInput);
    await this.authorizer.requireReadable(actor, [resolved.entity], READ_REFUSED.entity(resolved.urnString));
    // One response per urn read.
    const [response] = await this.read([resolved], actor, READ_REFUSED.entity(resolved.urnString), aspectNames);
    return response!;
  }

  async getEntities(urnInputs: readonly string[], actor: string, aspectNames?: readonly string[]): Promise<EntityResponse[]> {
    const resolved = urnInputs.map((u) => resolveUrn(this.registry, u));
    const text = READ_REFUSED.entities(resolved.map((r) => r.urnString));
    await this.authorizer.requireReadable(
      actor,
      resolved.map((r) => r.entity),
      text,
    );
    return this.read(resolved, actor, text, aspectNames);
  }

  /**
   * Aspects of the entities the actor may not read: asked for by name, a 403 with `refusal`; else
   * they are left out, as if not there.
   */
  private async hiddenAspects(
    actor: string,
    entities: readonly EntitySpec[],
    refusalText: string,
    aspectNames?: readonly string[],
  ): Promise<Set<string>> {
    const restricted = [...new Set(entities.flatMap((e) => [...e.aspects.values()].filter((a) => a.readPrivilege)))];
    if (restricted.length === 0) return new Set();
    const visible = new Set(await this.authorizer.visibleTypes(actor, restricted));
    const hidden = restricted.filter((a) => !visible.has(a));
    const asked = hidden.filter((a) => aspectNames?.includes(a.name));
    if (asked.length > 0) await this.authorizer.requireReadable(actor, asked, refusalText);
    return new Set(hidden.map((a) => a.name));
  }

  private async read(
    resolved: ReadonlyArray<ReturnType<typeof resolveUrn>>,
    actor: string,
    refusalText: string,
    aspectNames?: readonly string[],
  ): Promise<EntityResponse[]> {
    if (aspectNames) for (const name of aspectNames) if (!this.registry.aspects.has(name)) throw badRequest(`Unknown aspect ${name}`);
    const hidden = await this.hiddenAspects(
      actor,
      resolved.map((r) => r.entity),
      refusalText,
      aspectNames,
    );
    const rows = await this.store.getLatestAspects(
      resolved.map((r) => r.urnString),
      aspectNames ? [...new Set([...aspectNames, ...resolved.map((r) => r.entity.keyAspect.name)])] : undefined,
    );
    return resolved.map(({ entity, urnString }) => {
      const aspects: Record<string, EnvelopedAspect> = {};
      for (const row of this.withKey(entity, urnString, rows.get(urnString) ?? [])) {
        const spec = entity.aspects.get(row.aspect);
        if (spec?.kind === 'versioned' && !hidden.has(row.aspect)) aspects[row.aspect] = envelope(row);
      }
      return { urn: urnString, entityName: entity.name, aspects };
    });
  }

  /** `GET /entities/<urn>`: the legacy snapshot form. */
  async getSnapshot(urnInput: string, actor: string, aspectNames?: readonly string[]): Promise<Record<string, unknown>> {
    const { entity, urnString } = resolveUrn(this.registry, urnInput);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.entity(urnString));
    const hidden = await this.hiddenAspects(actor, [entity], READ_REFUSED.entity(urnString), aspectNames);
    const rows = (await this.store.getLatestAspects([urnString], aspectNames)).get(urnString) ?? [];
    return rowsToSnapshot(
      entity,
      urnString,
      this.withKey(entity, urnString, rows).filter((r) => !hidden.has(r.aspect)),
    );
  }

  /**
   * `GET /aspects/<urn>?aspect=&version=`: one version; 0 is the latest, 1..N the history, and a
   * negative version counts back from the newest history row (-1 = newest).
   */
  async getAspectVersion(
    urnInput: string,
    aspectName: string,
    version: number,
    actor: string,
  ): Promise<{ aspect: AspectSpec; row: AspectRow }> {
    const { entity, urnString } = resolveUrn(this.registry, urnInput);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.aspect(urnString));
    const aspect = entity.aspects.get(aspectName);
    // DataHub answers 404, which its SDK's get_aspect reads as "not there" (None).
    if (!aspect) throw notFound(`Unknown aspect ${aspectName} for entity ${entity.name}`);
    await this.hiddenAspects(actor, [entity], READ_REFUSED.aspect(urnString), [aspectName]);
    // Negative versions address history rows only: -1 is the newest of them.
    const v = version < 0 ? (await this.store.getMaxVersion(urnString, aspectName)) + version + 1 : version;
    const inRange = version < 0 ? v >= 1 : true;
    const row = inRange && aspect.kind === 'versioned' ? await this.store.getAspect(urnString, aspectName, v) : undefined;
    if (!row) throw notFound(`No version ${version} of aspect ${aspectName} for urn ${urnString}`);
    return { aspect, row };
  }

  /**
   * Urns a client asks to read, resolved (a 400 for a malformed urn or an unknown type), when the
   * actor may see entities of every one of their types; otherwise a 403 with DataHub's GraphQL text.
   */
  async readable(urnInputs: readonly string[], actor: string): Promise<Array<{ urn: string; entityName: string }>> {
    const resolved = urnInputs.map((u) => resolveUrn(this.registry, u));
    await this.authorizer.requireReadable(
      actor,
      resolved.map((r) => r.entity),
    );
    return resolved.map((r) => ({ urn: r.urnString, entityName: r.entity.name }));
  }

  /** Whether the entity's key aspect is stored; a soft-deleted entity counts unless excluded. */
  async exists(urnInput: string, includeSoftDeleted: boolean): Promise<boolean> {
    const { entity, urnString } = resolveUrn(this.registry, urnInput);
    const rows = (await this.store.getLatestAspects([urnString], [entity.keyAspect.name, 'status'])).get(urnString) ?? [];
    if (!rows.some((r) => r.aspect === entity.keyAspect.name)) return false;
    return includeSoftDeleted || rows.find((r) => r.aspect === 'status')?.value.removed !== true;
  }

  /** How many entities have the aspect; an aspect only hidden types carry is counted only for those who may see them. */
  async countAspect(aspectName: string, actor: string, urnLike?: string): Promise<number> {
    const aspect = this.registry.aspects.get(aspectName);
    if (!aspect) throw badRequest(`Unknown aspect ${aspectName}`);
    const carriers = [...this.registry.entities.values()].filter((e) => e.aspects.has(aspectName));
    if (carriers.every((e) => e.readPrivilege)) await this.authorizer.requireReadable(actor, carriers, READ_REFUSED.counts);
    // An aspect hidden on its own (a user's credentials) is counted only for those who may read it:
    // how many have one says who has a password, or a reset pending.
    if (aspect.readPrivilege) await this.authorizer.requireReadable(actor, [aspect], READ_REFUSED.counts);
    return this.store.countAspect(aspectName, urnLike);
  }

  /** How many entities of a type there are (soft-deleted ones included). */
  async countEntities(entityName: string): Promise<number> {
    return this.store.countAspect(resolveEntity(this.registry, entityName).keyAspect.name);
  }

  /** The urns of an entity type, in urn order. */
  async listUrns(
    entityName: string,
    start: number,
    count: number,
    actor: string,
  ): Promise<{ entities: string[]; start: number; count: number; total: number }> {
    const entity = resolveEntity(this.registry, entityName);
    await this.authorizer.requireReadable(actor, [entity], READ_REFUSED.search);
    const entities = await this.store.listUrns({ aspect: entity.keyAspect.name, start, limit: count });
    return { entities, start, count: entities.length, total: await this.countEntities(entity.name) };
  }

  private withKey(entity: EntitySpec, urn: string, rows: readonly AspectRow[]): AspectRow[] {
    if (rows.some((r) => r.aspect === entity.keyAspect.name)) return [...rows];
    const key: AspectRow = {
      urn,
      aspect: entity.keyAspect.name,
      version: 0,
      value: this.registry.keyFromUrn(entity, resolveUrn(this.registry, urn).urn),
      systemMetadata: null,
      createdOn: this.now(),
      createdBy: SYSTEM_ACTOR,
    };
    return [key, ...rows];
  }
}

function envelope(row: AspectRow): EnvelopedAspect {
  const systemMetadata = systemMetadataOut(row);
  return {
    name: row.aspect,
    type: 'VERSIONED',
    version: row.version,
    value: valueOut(row),
    created: { actor: row.createdBy, time: row.createdOn },
    ...(systemMetadata ? { systemMetadata } : {}),
  };
}
