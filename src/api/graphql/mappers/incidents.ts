/** `incidentInfo` and `dataContractProperties`: incidents raised on assets, and contracts bundling assertions. */
import { PRIORITIES } from '../../../domains/quality/incidents.js';
import { aspectValue, type AspectValue } from '../../../registry/aspectValues.js';
import { refOf, type GraphQLContext } from '../context.js';
import { auditStamp, entityRefs } from './common.js';

type IncidentInfo = AspectValue<'incidentInfo'>;

/** DataHub's IncidentPriority by the number stored in incidentInfo.priority (the incident service's). */
export { PRIORITIES };

/** GraphQL's stamps here are non-null, where the aspect's are required. */
const requiredStamp = (s: IncidentInfo['created'] | undefined) => auditStamp(s) ?? { time: 0, actor: null };

const incidentStatus = (s: IncidentInfo['status'] | undefined) =>
  s ? { state: s.state, stage: s.stage ?? null, message: s.message ?? null, lastUpdated: requiredStamp(s.lastUpdated) } : null;

/** `stored`: the aspect's value as a store row holds it. */
export function incidentInfo(ctx: GraphQLContext, stored: Record<string, unknown>) {
  const i = aspectValue('incidentInfo', stored);
  return {
    incidentType: i.type,
    customType: i.customType ?? null,
    title: i.title ?? null,
    description: i.description ?? null,
    priority: typeof i.priority === 'number' ? (PRIORITIES[i.priority] ?? null) : null,
    assignees: i.assignees
      ? entityRefs(
          ctx,
          i.assignees.map((a) => a.actor),
        )
      : null,
    entity: refOf(ctx.services, i.entities?.[0]) ?? null,
    source: i.source ? { type: i.source.type, source: refOf(ctx.services, i.source.sourceUrn) ?? null } : null,
    startedAt: i.startedAt ?? null,
    incidentStatus: incidentStatus(i.status),
    status: incidentStatus(i.status),
    created: requiredStamp(i.created),
  };
}

/** `stored`: the aspect's value as a store row holds it. */
export function dataContractProperties(ctx: GraphQLContext, stored: Record<string, unknown> | undefined) {
  const p = aspectValue('dataContractProperties', stored);
  if (!p) return null;
  const contracts = (list: ReadonlyArray<{ assertion: string }> | undefined) =>
    list
      ? entityRefs(
          ctx,
          list.map((c) => c.assertion),
        ).map((assertion) => ({ assertion }))
      : null;
  return { entityUrn: p.entity, freshness: contracts(p.freshness), schema: contracts(p.schema), dataQuality: contracts(p.dataQuality) };
}
