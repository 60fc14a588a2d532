/**
 * Onboarding step states: anyone records their own progress through the app's tours. Each state is
 * written alone, as DataHub reports each: one that fails does not undo the others.
 */
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { entityUrn } from '../../urn.js';

export interface StepStateInput {
  id: string;
  properties: readonly ({ key: string; value?: string | null | undefined } | null | undefined)[];
}

export interface StepStateResult {
  id: string;
  succeeded: boolean;
}

export class StepStateService {
  constructor(private readonly managed: ManagedWrites) {}

  async update(states: readonly StepStateInput[], actor: string): Promise<Written & { results: StepStateResult[] }> {
    const m = this.managed;
    const grant = await m.authorize(actor);
    const results: StepStateResult[] = [];
    const written: string[] = [];
    for (const state of states) {
      const properties = Object.fromEntries(state.properties.filter((e) => e != null && e.value != null).map((e) => [e!.key, e!.value!]));
      const urn = entityUrn('dataHubStepState', state.id);
      try {
        written.push(
          ...(await m.write(grant, [m.upsert(urn, 'dataHubStepStateProperties', { properties, lastModified: m.stamp(actor) })])),
        );
        results.push({ id: state.id, succeeded: true });
      } catch {
        results.push({ id: state.id, succeeded: false });
      }
    }
    return { results, written };
  }
}
