/**
 * What the caller may do, as the flags the app reads to decide what to offer: on the platform
 * (`me.platformPrivileges`) and on one entity (its `privileges`), where a glossary's nodes and terms
 * add whether the caller manages the entity and its children.
 */
import type { Authorizer } from '../../auth/authorizer.js';
import {
  ENTITY_PRIVILEGE_FLAGS,
  ENTITY_TYPE_MANAGE_FLAGS,
  MANAGE_TYPE_PRIVILEGES,
  PLATFORM_PRIVILEGE_FLAGS,
} from '../../auth/privileges.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import { urnPrefix } from '../../urn.js';

/** How far up a glossary the walk for MANAGE_ALL_GLOSSARY_CHILDREN goes. */
const MAX_DEPTH = 50;

interface Node {
  urn: string;
  entityName: string;
}

const flags = (table: Record<string, readonly string[]>, held: ReadonlySet<string>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(table).map(([flag, any]) => [flag, any.some((p) => held.has(p))]));

export class PrivilegeFlags {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly authorizer: Authorizer,
  ) {}

  /** The platform flags, and per managed entity type whether the actor manages all of it. */
  async platform(actor: string): Promise<Record<string, boolean>> {
    const held = new Set(await this.authorizer.privileges(actor));
    const typeFlags = await Promise.all(
      Object.entries(ENTITY_TYPE_MANAGE_FLAGS).map(async ([flag, type]) => [flag, await this.managesType(actor, type)] as const),
    );
    return { ...flags(PLATFORM_PRIVILEGE_FLAGS, held), ...Object.fromEntries(typeFlags) };
  }

  /** What the actor may do to one entity; for glossary entities, also whether it manages it and its children. */
  async entity(actor: string, urn: string, entityName: string): Promise<Record<string, boolean | null>> {
    const held = new Set(await this.authorizer.privileges(actor, urn));
    const out = flags(ENTITY_PRIVILEGE_FLAGS, held);
    const hierarchy = this.registry.entities.get(entityName)?.hierarchy;
    if (!hierarchy) return out;
    if ((await this.authorizer.privileges(actor)).includes('MANAGE_GLOSSARIES')) {
      return { ...out, canManageEntity: true, canManageChildren: hierarchy.hasChildren ? true : null };
    }
    const parent = await this.parentOf({ urn, entityName });
    return {
      ...out,
      canManageEntity: parent ? await this.managesChildren(actor, parent) : false,
      canManageChildren: hierarchy.hasChildren ? await this.managesChildren(actor, { urn, entityName }) : null,
    };
  }

  /**
   * Whether the actor may manage every entity of a type. DataHub checks the type alone, with no entity:
   * the type's urn prefix stands for it, so policies on all resources or on the type apply and policies
   * naming particular entities do not.
   */
  private async managesType(actor: string, entityType: string): Promise<boolean> {
    const held = new Set(await this.authorizer.privileges(actor, urnPrefix(entityType)));
    return MANAGE_TYPE_PRIVILEGES.every((p) => held.has(p));
  }

  /** The node above a glossary entity, when it has one of a known type. */
  private async parentOf(node: Node): Promise<Node | undefined> {
    const aspect = this.registry.entities.get(node.entityName)?.hierarchy?.parentAspect;
    if (!aspect) return undefined;
    const parent = (await this.store.getAspect(node.urn, aspect, 0))?.value?.parentNode;
    const entity = this.registry.entityOfUrn(parent);
    return entity ? { urn: parent as string, entityName: entity.name } : undefined;
  }

  /** Whether the actor may create and delete the children of a node: on it directly, or on all below an ancestor. */
  private async managesChildren(actor: string, node: Node): Promise<boolean> {
    if ((await this.authorizer.privileges(actor, node.urn)).includes('MANAGE_GLOSSARY_CHILDREN')) return true;
    const seen = new Set<string>();
    for (let at: Node | undefined = node; at && !seen.has(at.urn) && seen.size < MAX_DEPTH; ) {
      seen.add(at.urn);
      if ((await this.authorizer.privileges(actor, at.urn)).includes('MANAGE_ALL_GLOSSARY_CHILDREN')) return true;
      at = await this.parentOf(at);
    }
    return false;
  }
}
