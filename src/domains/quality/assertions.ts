/**
 * Custom assertions (asserted outside DataHub, on an asset or one of its columns), the results
 * reported for them, and their deletion. Each needs EDIT_ENTITY_ASSERTIONS on the asset asserted, then
 * writes DataHub's aspects through the write path, so the asset's health follows in the same commit.
 */
import { SYSTEM_ACTOR } from '../../actors.js';
import { badRequest } from '../../errors.js';
import type { AspectValue } from '../../registry/aspectValues.js';
import { deleteEntityProposal } from '../../write/proposals.js';
import type { ManagedWrites, ReferenceCleanup, Written } from '../../write/managedWrites.js';
import type { GraphService } from '../entities/graph.js';
import { entityUrn, newEntityUrn, schemaFieldUrn } from '../../urn.js';
import { clientUrn, dropUnset, mayEdit, requireExisting, stringMap, type MapEntryInput } from './qualityEdits.js';

const ASSERTIONS = 'EDIT_ENTITY_ASSERTIONS';

type ResultError = NonNullable<NonNullable<AspectValue<'assertionRunEvent'>['result']>['error']>;

export interface CustomAssertionInput {
  entityUrn: string;
  type: string;
  description: string;
  externalUrl?: string | null | undefined;
  fieldPath?: string | null | undefined;
  logic?: string | null | undefined;
  platform: { urn?: string | null | undefined; name?: string | null | undefined };
}

export interface AssertionResultInput {
  type: string;
  timestampMillis?: number | null | undefined;
  externalUrl?: string | null | undefined;
  properties?: ReadonlyArray<MapEntryInput> | null | undefined;
  error?: { type: ResultError['type']; message: string } | null | undefined;
}

const platformOf = (p: CustomAssertionInput['platform']) => {
  if (p.urn) return p.urn;
  if (p.name) return entityUrn('dataPlatform', p.name);
  throw badRequest('Failed to upsert Custom Assertion. Platform Name or Platform Urn must be specified.');
};

export class AssertionService {
  constructor(
    private readonly managed: ManagedWrites,
    private readonly graph: GraphService,
    private readonly references: ReferenceCleanup,
  ) {}

  /** The asset an assertion asserts, by its graph edge, as DataHub finds it. */
  private async asserteeOf(assertion: string, actor: string): Promise<string | undefined> {
    const r = await this.graph.related({ urn: assertion, types: ['Asserts'], direction: 'OUTGOING', start: 0, count: 1 }, actor);
    return r.relationships[0]?.entity;
  }

  /** Creates a custom assertion (no `urn`) or replaces the one at `urn`. */
  async upsertCustom(urn: string | null | undefined, input: CustomAssertionInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const entity = clientUrn(m, input.entityUrn);
    const assertion = urn ? clientUrn(m, urn, 'assertion') : newEntityUrn('assertion');
    const grant = await mayEdit(m, actor, ASSERTIONS, [entity]);
    const platform = platformOf(input.platform);
    await requireExisting(m, entity);
    const custom = dropUnset({
      type: input.type,
      entity,
      logic: input.logic,
      field: input.fieldPath ? schemaFieldUrn(entity, input.fieldPath) : undefined,
    });
    const info = dropUnset({
      type: 'CUSTOM' as const,
      description: input.description,
      externalUrl: input.externalUrl,
      source: { type: 'EXTERNAL' },
      customAssertion: custom,
    });
    const written = await m.write(grant, [
      m.upsert(assertion, 'assertionInfo', info),
      m.upsert(assertion, 'dataPlatformInstance', { platform }),
    ]);
    return { urn: assertion, written };
  }

  /** Records a run's result on the asset the assertion asserts. */
  async reportResult(urn: string, result: AssertionResultInput, actor: string): Promise<Written> {
    const m = this.managed;
    const assertion = clientUrn(m, urn, 'assertion');
    const assertee = await this.asserteeOf(assertion, actor);
    if (!assertee)
      throw badRequest(
        `Failed to report Assertion Run Event. Assertion with urn ${assertion} does not exist or is not associated with any entity.`,
      );
    const grant = await mayEdit(m, actor, ASSERTIONS, [assertee]);
    const at = result.timestampMillis != null ? Number(result.timestampMillis) : m.now();
    const outcome = dropUnset({
      type: result.type,
      externalUrl: result.externalUrl,
      nativeResults: stringMap(result.properties),
      // DataHub keeps an error only on an ERROR result, its message under `message`.
      error:
        result.type === 'ERROR' && result.error ? { type: result.error.type, properties: { message: result.error.message } } : undefined,
    });
    const event = {
      timestampMillis: at,
      runId: String(at),
      assertionUrn: assertion,
      asserteeUrn: assertee,
      status: 'COMPLETE',
      result: outcome,
    };
    return { written: await m.write(grant, [m.upsert(assertion, 'assertionRunEvent', event)]) };
  }

  /**
   * Deletes an assertion, then, as DataHub does, the references to it (a contract's) as part of the
   * delete the caller was allowed. Deleting what is not there succeeds, as in DataHub. A failure to
   * clear the references is not the caller's: it is answered beside the urns written, to be logged.
   */
  async delete(urn: string, actor: string): Promise<Written & { referencesError?: unknown }> {
    const m = this.managed;
    const assertion = clientUrn(m, urn, 'assertion');
    if (!(await m.exists(assertion))) return { written: [] };
    const assertee = await this.asserteeOf(assertion, actor);
    const grant = await mayEdit(m, actor, ASSERTIONS, assertee ? [assertee] : []);
    const written = await m.write(grant, [deleteEntityProposal(m.registry, assertion)]);
    try {
      await this.references.deleteReferences(assertion, false, SYSTEM_ACTOR);
      return { written };
    } catch (referencesError) {
      return { written, referencesError };
    }
  }
}
