/**
 * Incidents raised on assets: raising one, editing it, and changing its status. Each needs
 * EDIT_ENTITY_INCIDENTS on the assets concerned and writes the incident's `incidentInfo` through the
 * write path, so the assets' health follows in the same commit.
 */
import { badRequest, notFound } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { clientUrn, dropUnset, mayEdit, requireExisting } from './qualityEdits.js';
import { newEntityUrn } from '../../urn.js';

type IncidentInfo = AspectValue<'incidentInfo'>;
type AuditStamp = IncidentInfo['created'];

const INCIDENTS = 'EDIT_ENTITY_INCIDENTS';

/** DataHub's IncidentPriority by the number stored in incidentInfo.priority: CRITICAL is 0. */
export const PRIORITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type IncidentPriority = (typeof PRIORITIES)[number];

export interface IncidentStatusInput {
  state: IncidentInfo['status']['state'];
  stage?: IncidentInfo['status']['stage'] | null | undefined;
  message?: string | null | undefined;
}

interface IncidentFields {
  title?: string | null | undefined;
  description?: string | null | undefined;
  startedAt?: number | null | undefined;
  priority?: IncidentPriority | null | undefined;
  assigneeUrns?: readonly string[] | null | undefined;
  resourceUrns?: readonly string[] | null | undefined;
  status?: IncidentStatusInput | null | undefined;
}

export interface RaiseIncidentInput extends IncidentFields {
  type: IncidentInfo['type'];
  customType?: string | null | undefined;
  resourceUrn?: string | null | undefined;
}

export type UpdateIncidentInput = IncidentFields;

const priorityRank = (p: IncidentPriority | null | undefined) => (p ? PRIORITIES.indexOf(p) : undefined);

const assigneesOf = (urns: readonly string[] | null | undefined, at: AuditStamp) => urns?.map((actor) => ({ actor, assignedAt: at }));

/** A status as given, or ACTIVE when none is: incidents are raised active. */
const statusOf = (s: IncidentStatusInput | null | undefined, at: AuditStamp): IncidentInfo['status'] =>
  dropUnset({ state: s?.state ?? 'ACTIVE', stage: s?.stage, message: s?.message, lastUpdated: at });

export class IncidentService {
  constructor(private readonly managed: ManagedWrites) {}

  /** Distinct urns, each a valid urn of a known type. */
  private resourcesOf(urns: readonly string[]): string[] {
    return [...new Set(urns.map((u) => clientUrn(this.managed, u)))];
  }

  private async infoOf(urn: string): Promise<{ incident: string; info: IncidentInfo }> {
    const incident = clientUrn(this.managed, urn, 'incident');
    const info = await this.managed.aspect(incident, 'incidentInfo');
    if (!info) throw notFound('Failed to update incident. Incident does not exist.');
    return { incident, info };
  }

  async raise(input: RaiseIncidentInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const resources = this.resourcesOf([...(input.resourceUrns ?? []), ...(input.resourceUrn ? [input.resourceUrn] : [])]);
    if (resources.length === 0) throw badRequest('At least 1 resource urn must be defined to raise an incident.');
    const grant = await mayEdit(m, actor, INCIDENTS, resources);
    if (input.type === 'CUSTOM' && !input.customType) throw badRequest('Failed to create incident. customType is required');
    for (const r of resources) await requireExisting(m, r);
    const at = m.stamp(actor);
    const info = dropUnset({
      type: input.type,
      customType: input.customType,
      title: input.title,
      description: input.description,
      entities: resources,
      created: at,
      startedAt: input.startedAt != null ? Number(input.startedAt) : undefined,
      source: { type: 'MANUAL' as const },
      priority: priorityRank(input.priority),
      assignees: assigneesOf(input.assigneeUrns, at),
      status: statusOf(input.status, at),
    });
    const urn = newEntityUrn('incident');
    return { urn, written: await m.write(grant, [m.upsert(urn, 'incidentInfo', info)]) };
  }

  /** Needs the privilege on the incident's assets and on any it is moved to. */
  async update(urn: string, input: UpdateIncidentInput, actor: string): Promise<Written> {
    const m = this.managed;
    const { incident, info } = await this.infoOf(urn);
    const existing = info.entities ?? [];
    const given = input.resourceUrns ? this.resourcesOf(input.resourceUrns) : undefined;
    const grant = await mayEdit(m, actor, INCIDENTS, [...existing, ...(given ?? []).filter((r) => !existing.includes(r))]);
    if (given && given.length === 0) throw badRequest('resourceUrns cannot be empty if provided');
    for (const r of given ?? []) if (!existing.includes(r)) await requireExisting(m, r);
    const at = m.stamp(actor);
    const change = (current: Partial<IncidentInfo>) =>
      dropUnset({
        ...current,
        ...(input.title != null ? { title: input.title } : {}),
        ...(input.description != null ? { description: input.description } : {}),
        ...(input.startedAt != null ? { startedAt: Number(input.startedAt) } : {}),
        ...(input.status ? { status: statusOf(input.status, at) } : {}),
        ...(given ? { entities: given } : {}),
        // Priority and assignees are replaced, absent ones removed, as DataHub does.
        priority: priorityRank(input.priority),
        assignees: assigneesOf(input.assigneeUrns, at),
      });
    return { written: await m.write(grant, [m.change(incident, 'incidentInfo', change)]) };
  }

  /** Needs the privilege on the incident's first asset, as DataHub checks it. */
  async updateStatus(urn: string, input: IncidentStatusInput, actor: string): Promise<Written> {
    const m = this.managed;
    const { incident, info } = await this.infoOf(urn);
    const grant = await mayEdit(m, actor, INCIDENTS, (info.entities ?? []).slice(0, 1));
    const status = statusOf(input, m.stamp(actor));
    return { written: await m.write(grant, [m.change(incident, 'incidentInfo', (current) => ({ ...current, status }))]) };
  }
}
