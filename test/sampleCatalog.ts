/**
 * The catalogs tests load: DataHub's bootstrap file (as its CLI sends it: snapshots through
 * `entities?action=ingest`, proposals through `ingestProposal`) and the sample catalog of `examples/`
 * (as `catalog ingest` sends it, in batches).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIXTURES, http } from './helpers.js';

type Json = any;

export const EXAMPLES = resolve(import.meta.dirname, '../examples');

/** The items of DataHub's bootstrap file: MCE snapshots and MCPs. */
export function bootstrapItems(): Json[] {
  return JSON.parse(readFileSync(join(FIXTURES, 'mce_files/bootstrap_mce.json'), 'utf8')) as Json[];
}

/** The examples' proposals, in the form the Rest.li ingestProposal action takes. */
export function exampleProposals(): Json[] {
  return readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8')) as Json[])
    .map(({ aspect, ...p }) => ({ ...p, aspect: { value: JSON.stringify(aspect.json), contentType: 'application/json' } }));
}

async function ok(url: string, body: Json): Promise<void> {
  const reply = await http(url, { body });
  if (reply.status !== 200) throw new Error(`${url}: ${reply.status} ${reply.text.slice(0, 500)}`);
}

export async function loadBootstrap(serverUrl: string): Promise<void> {
  for (const item of bootstrapItems()) {
    if (item.proposedSnapshot) await ok(`${serverUrl}/entities?action=ingest`, { entity: { value: item.proposedSnapshot } });
    else await ok(`${serverUrl}/aspects?action=ingestProposal`, { proposal: item });
  }
}

export async function loadExamples(serverUrl: string): Promise<void> {
  const proposals = exampleProposals();
  for (let i = 0; i < proposals.length; i += 200) {
    await ok(`${serverUrl}/aspects?action=ingestProposalBatch`, { proposals: proposals.slice(i, i + 200) });
  }
}
