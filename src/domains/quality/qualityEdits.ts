/**
 * What the edits of data quality share: DataHub's privilege on every asset concerned (EDIT_ENTITY or
 * the edit's own), checked before anything else is looked at; urns a client names, a 400 when they
 * are not urns of a known type; and the assets they must find already stored.
 */
import type { Grant } from '../../auth/authorizer.js';
import type { Privilege } from '../../registry/privilegeCatalog.js';
import { toEdit } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import { resolveUrn } from '../../registry/resolve.js';
import type { ManagedWrites } from '../../write/managedWrites.js';

type Unset = null | undefined;
/** `T` without null or undefined values: a field that may hold one is optional instead. */
export type SetFields<T> = {
  [K in keyof T as Unset extends T[K] ? never : undefined extends T[K] ? never : null extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as undefined extends T[K] ? K : null extends T[K] ? K : never]?: Exclude<T[K], Unset>;
};

/** A key and value as GraphQL sends a map's entries. */
export interface MapEntryInput {
  key: string;
  value?: string | null | undefined;
}

/** The caller's grant to make an edit needing `privilege` on every one of `assets`. */
export const mayEdit = (managed: ManagedWrites, actor: string, privilege: Privilege, assets: readonly string[]): Promise<Grant> =>
  managed.authorize(actor, ...assets.map((urn) => toEdit(urn, privilege)));

/** An urn a client names: 400 when it is not an urn of a known type, or (with `type`) not of that type. */
export function clientUrn(managed: ManagedWrites, urn: string, type?: string): string {
  const { entity, urnString } = resolveUrn(managed.registry, urn);
  if (type && entity.name !== type) throw badRequest(`urn ${urn} is not of entity type ${type}`);
  return urnString;
}

export async function requireExisting(managed: ManagedWrites, urn: string, what = 'entity'): Promise<void> {
  if (!(await managed.exists(urn))) throw badRequest(`Provided ${what} with urn ${urn} does not exist!`);
}

/** The fields that are set: DataHub's aspects leave optional fields out rather than null. */
export function dropUnset<T extends object>(o: T): SetFields<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as SetFields<T>;
}

export const stringMap = (entries: ReadonlyArray<MapEntryInput> | null | undefined) =>
  entries?.length ? Object.fromEntries(entries.map((e) => [e.key, e.value ?? ''])) : undefined;
