/**
 * Linking assets as versions of one another. Linking makes the asset the version set's latest member,
 * sorted after the previous latest (DataHub's eight-letter sort ids); unlinking removes its
 * versionProperties and, when it was the latest, makes the member before it latest again, or removes
 * the version set when none is left. Both need EDIT_ENTITY on the version set and on the asset.
 */
import { onResource } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { Store } from '../../store/types.js';
import { tryParseUrn } from '../../urn.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { buildProposal, type Proposal } from '../../write/proposals.js';

const SCHEME = 'ALPHANUMERIC_GENERATED_BY_DATAHUB';
const INITIAL_SORT_ID = 'AAAAAAAA';
/** The most members of a version set looked at when its latest goes. */
const MAX_MEMBERS = 10_000;

export interface LinkVersionInput {
  versionSet: string;
  linkedEntity: string;
  version: string;
  comment?: string | null | undefined;
  sourceTimestamp?: number | null | undefined;
  sourceCreator?: string | null | undefined;
}

export interface UnlinkVersionInput {
  versionSet?: string | null | undefined;
  unlinkedEntity?: string | null | undefined;
}

/** The next of DataHub's sort ids: eight letters A–Z counted up from the right, wrapping at the end. */
export function nextSortId(id: string): string {
  if (!/^[A-Z]{8}$/.test(id)) throw badRequest(`Invalid version sort id ${id}`);
  const chars = [...id];
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== 'Z') {
      // Only later characters have changed, so the one here is still the id's.
      chars[i] = String.fromCharCode(id.charCodeAt(i) + 1);
      return chars.join('');
    }
    chars[i] = 'A';
  }
  return INITIAL_SORT_ID;
}

function versionSetOf(urn: string | null | undefined) {
  const parsed = tryParseUrn(urn ?? '');
  if (parsed?.entityType !== 'versionSet') throw badRequest(`Version Set urn ${urn} must be of type Version Set.`);
  return { urn: urn!, entityType: parsed.parts[1] };
}

const refusal = (actor: string, set: string, entity: string) => `${actor} is unauthorized to UPDATE entities ${set} and ${entity}`;

export class VersioningService {
  constructor(
    private readonly managed: ManagedWrites,
    private readonly store: Store,
  ) {}

  private mayEdit(actor: string, set: string, entity: string) {
    return this.managed.authorizeOr(actor, refusal(actor, set, entity), onResource(set, 'EDIT_ENTITY'), onResource(entity, 'EDIT_ENTITY'));
  }

  /** The members of a version set, by the VersionOf edges their versionProperties draw. */
  private async members(set: string): Promise<Array<{ urn: string; sortId: string }>> {
    const { edges } = await this.store.related({ urn: set, types: ['VersionOf'], direction: 'INCOMING', start: 0, count: MAX_MEMBERS });
    const out = [];
    for (const e of edges) {
      const v = await this.managed.aspect(e.source, 'versionProperties');
      if (v?.versionSet === set) out.push({ urn: e.source, sortId: v.sortId as string });
    }
    return out;
  }

  /** Makes the asset the set's latest version; linking it again to its own set changes nothing. */
  async link(input: LinkVersionInput, actor: string): Promise<Written & { versionSet: string }> {
    const m = this.managed;
    const set = versionSetOf(input.versionSet);
    const grant = await this.mayEdit(actor, set.urn, input.linkedEntity);
    const entityType = tryParseUrn(input.linkedEntity)?.entityType;
    if (entityType !== set.entityType)
      throw badRequest(`Entity type must match Version Set's specified type: ${set.entityType} invalid type: ${entityType}`);
    if (!(await m.exists(input.linkedEntity))) throw badRequest(`Entity ${input.linkedEntity} does not exist`);
    const current = await m.aspect(input.linkedEntity, 'versionProperties');
    if (current) {
      if (current.versionSet === set.urn) return { versionSet: set.urn, written: [] };
      throw badRequest(
        `Version already exists for specified entity: ${input.linkedEntity} for a different Version Set: ${current.versionSet}`,
      );
    }
    const setProperties = await m.aspect(set.urn, 'versionSetProperties');
    if (setProperties && setProperties.versioningScheme !== SCHEME) throw badRequest(`Only versioning scheme supported is ${SCHEME}`);
    const previous = setProperties ? await m.aspect(setProperties.latest, 'versionProperties') : undefined;
    const sortId = previous ? nextSortId(previous.sortId) : INITIAL_SORT_ID;
    const proposals: Proposal[] = [
      m.upsert(input.linkedEntity, 'versionProperties', {
        versionSet: set.urn,
        version: { versionTag: input.version, metadataAttribution: m.stamp(actor) },
        aliases: [],
        ...(input.comment != null ? { comment: input.comment } : {}),
        sortId,
        versioningScheme: SCHEME,
        metadataCreatedTimestamp: m.stamp(actor),
        ...(input.sourceTimestamp != null
          ? { sourceCreatedTimestamp: { time: input.sourceTimestamp, actor: input.sourceCreator ?? 'urn:li:corpuser:unknown' } }
          : {}),
        isLatest: true,
      }),
      m.upsert(set.urn, 'versionSetProperties', { latest: input.linkedEntity, versioningScheme: SCHEME }),
    ];
    if (setProperties && previous) proposals.push(m.change(setProperties.latest, 'versionProperties', (v) => ({ ...v, isLatest: false })));
    return { versionSet: set.urn, written: await m.write(grant, proposals) };
  }

  /** Takes the asset out of the set; the set goes too when it was its last version, as DataHub's does. */
  async unlink(input: UnlinkVersionInput, actor: string): Promise<Written & { versionSet: string }> {
    const m = this.managed;
    const set = versionSetOf(input.versionSet);
    const entity = input.unlinkedEntity;
    if (!entity) throw badRequest('unlinkedEntity is required');
    const grant = await this.mayEdit(actor, set.urn, entity);
    const current = await m.aspect(entity, 'versionProperties');
    if (!current) return { versionSet: set.urn, written: [] };
    if (current.versionSet !== set.urn)
      throw badRequest(`Version is not linked to specified version set: ${set.urn} but is linked to: ${current.versionSet}`);
    const setProperties = await m.aspect(set.urn, 'versionSetProperties');
    const proposals = [buildProposal(m.registry, entity, 'versionProperties', 'DELETE')];
    if (setProperties?.latest === entity) {
      const before = (await this.members(set.urn))
        .filter((x) => x.urn !== entity && x.sortId < current.sortId)
        .sort((a, b) => b.sortId.localeCompare(a.sortId))[0];
      if (!before) {
        const unlinked = await m.write(grant, proposals);
        return { versionSet: set.urn, written: [...unlinked, ...(await m.deleteWithReferences(grant, set.urn))] };
      }
      proposals.push(
        m.upsert(set.urn, 'versionSetProperties', { ...setProperties, latest: before.urn }),
        m.change(before.urn, 'versionProperties', (v) => ({ ...v, isLatest: true })),
      );
    }
    return { versionSet: set.urn, written: await m.write(grant, proposals) };
  }
}
