/**
 * The hostile GraphQL corpus of the tests (test/hostile/graphql.ts) sent to the service, one document
 * after another: how long the slowest takes to be refused. A document is new to the service each run
 * (a comment in front of it), so that no run is answered from the cache of validated documents.
 */
import { HOSTILE_GRAPHQL } from '../test/hostile/graphql.js';
import { call } from './client.js';
import type { Target } from './measure.js';
import { figure, type Figure } from './stats.js';

export interface HostileFigures {
  /** The longest refusal of each run. */
  maxMs: Figure;
  /** The document that took longest, over all runs. */
  slowest: string;
  /** Answers that were not a refusal, or were a server error. */
  failures: number;
}

export async function hostileGraphql(t: Target, runs: number): Promise<HostileFigures> {
  const maxima: number[] = [];
  let slowest = { ms: 0, name: '' };
  let failures = 0;
  for (let run = 0; run < runs; run++) {
    const bodies = HOSTILE_GRAPHQL.map((h) => ({
      name: h.name,
      body: JSON.stringify({ ...h.body, query: `# run ${Date.now()}.${run}\n${h.body.query}` }),
    }));
    let max = 0;
    for (const { name, body } of bodies) {
      const began = performance.now();
      const answer = await call(`${t.url}/api/graphql`, t.token, 'POST', body);
      const ms = performance.now() - began;
      const errors: Array<{ extensions?: { code?: number } }> = answer.body?.errors ?? [];
      const refused = answer.status === 400 || (answer.status === 200 && errors.length > 0);
      if (!refused || errors.some((e) => (e.extensions?.code ?? 0) >= 500)) failures++;
      max = Math.max(max, ms);
      if (ms > slowest.ms) slowest = { ms, name };
    }
    maxima.push(max);
  }
  return { maxMs: figure(maxima), slowest: slowest.name, failures };
}
