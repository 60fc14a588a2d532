/**
 * The web app's usage events, as DataHub's tracking endpoint takes them (`{type, entityUrn, query,
 * …}`): checked, stamped with the caller and the time of receipt, and kept in the store (at most
 * `keep`, the oldest dropped first), where recommendations and analytics read them.
 */
import { isPlainObject } from '../../json.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/types.js';
import type { UsageEvent } from '../../store/usage.js';
import { badRequest } from '../../errors.js';
import { boundedText } from '../../limits.js';
import { USAGE_EVENT_TYPES } from './usageEventTypes.js';

/** Events kept; past it the oldest go. With events at most MAX_EVENT_CHARS long (the app's are ~1 KB) the table stays under a gigabyte. */
export const MAX_USAGE_EVENTS = 100_000;

/** The largest event taken, as JSON text: the app's are well under 2 KB. */
export const MAX_EVENT_CHARS = 8_192;

/** Event types whose whole point is an entity (DataHub's usage events with an entity urn) or a query. */
const NEEDS_ENTITY = new Set(['EntityViewEvent', 'EntitySectionViewEvent', 'EntityActionEvent']);
const NEEDS_QUERY = new Set(['SearchEvent', 'HomePageSearchEvent', 'SearchResultsViewEvent']);

const CANONICAL = new Map(USAGE_EVENT_TYPES.map((t) => [t.toLowerCase(), t]));

export class UsageEvents {
  constructor(
    private readonly store: Store,
    private readonly registry: Registry,
    private readonly now: () => number,
    private readonly keep = MAX_USAGE_EVENTS,
  ) {}

  /** Records one event the app reported for `actor`; a malformed one is a 400 and stores nothing. */
  async record(actor: string, body: unknown): Promise<void> {
    await this.store.appendUsageEvent(this.parse(actor, body), this.keep);
  }

  private parse(actor: string, body: unknown): UsageEvent {
    if (!isPlainObject(body))
      throw badRequest(
        'the tracking event must be a JSON object with a type, such as {"type": "EntityViewEvent", "entityUrn": "urn:li:…"}',
      );
    const size = JSON.stringify(body).length;
    if (size > MAX_EVENT_CHARS) throw badRequest(`the tracking event is ${size} characters long; at most ${MAX_EVENT_CHARS} are allowed`);
    if (body.type === undefined || body.type === null) throw badRequest('the tracking event has no type');
    if (typeof body.type !== 'string') throw badRequest('the tracking event type must be a string');
    const type = CANONICAL.get(body.type.toLowerCase());
    if (!type) throw badRequest(`'${boundedText(body.type, 'type').slice(0, 100)}' is not a DataHub usage event type`);
    const text = (name: string): string | undefined => {
      const v = body[name];
      if (v === undefined || v === null) return undefined;
      if (typeof v !== 'string') throw badRequest(`${type}.${name} must be a string`);
      return boundedText(v, `${type}.${name}`);
    };
    const entityUrn = text('entityUrn');
    if (entityUrn !== undefined && !this.registry.entityOfUrn(entityUrn))
      throw badRequest(`${type}.entityUrn '${entityUrn.slice(0, 200)}' is not an urn of a known entity type`);
    if (entityUrn === undefined && NEEDS_ENTITY.has(type)) throw badRequest(`${type} needs an entityUrn`);
    const query = text('query');
    if (query === undefined && NEEDS_QUERY.has(type)) throw badRequest(`${type} needs a query`);
    const total = body.total;
    if (total !== undefined && total !== null && (typeof total !== 'number' || !Number.isInteger(total) || total < 0))
      throw badRequest(`${type}.total must be a non-negative integer`);
    // The entity type is the registry's name of the urn's type; what the client says is kept in the event only.
    const entityType = entityUrn === undefined ? undefined : this.registry.entityOfUrn(entityUrn)?.name;
    const timestampMillis = this.now();
    const event: UsageEvent = {
      actor,
      type,
      timestampMillis,
      event: { ...body, type, actorUrn: actor, timestamp: timestampMillis },
      ...(entityUrn !== undefined ? { entityUrn } : {}),
      ...(entityType !== undefined ? { entityType } : {}),
      ...(query !== undefined ? { query } : {}),
      ...(typeof total === 'number' ? { total } : {}),
    };
    const section = text('section');
    const actionType = text('actionType');
    if (section !== undefined) event.section = section;
    if (actionType !== undefined) event.actionType = actionType;
    return event;
  }
}
