import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../registry/registry.js';
import { buildProposal, editProposal } from './proposals.js';

const registry = loadRegistry();
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';

// The `@ts-expect-error` lines are the test: `tsc` fails if one of them compiles.
describe('proposals a service builds are typed by their aspect', () => {
  it('refuses a misspelt or mistyped field of an upserted value, however it was built', () => {
    // The type refuses them at compile time, and the schema check at run time, as DataHub does.
    // @ts-expect-error `ownres` is not a field of ownership
    expect(() => buildProposal(registry, DATASET, 'ownership', 'UPSERT', { owners: [], ownres: [] })).toThrow(
      /ERROR :: \/ownres :: unrecognized field found but not allowed/,
    );
    const built = { removed: true, removedBy: 'me' };
    // @ts-expect-error `removedBy` is not a field of status
    expect(() => buildProposal(registry, DATASET, 'status', 'UPSERT', built)).toThrow(/\/removedBy :: unrecognized field/);
    // @ts-expect-error `removed` is a boolean
    expect(() => buildProposal(registry, DATASET, 'status', 'UPSERT', { removed: 'yes' })).toThrow(/must be boolean/);
    expect(buildProposal(registry, DATASET, 'status', 'UPSERT', { removed: true }).value).toEqual({ removed: true });
  });

  it("accepts the fields DataHub's schema declares, however rarely written", () => {
    // Fields our registry once lacked; DataHub's S3 source writes them.
    const partitions = {
      minPartition: { partition: 'year=2019', createdTime: 1, lastModifiedTime: 2 },
      maxPartition: { partition: 'year=2021' },
    };
    expect(buildProposal(registry, DATASET, 'partitionsSummary', 'UPSERT', partitions).value).toEqual(partitions);
  });

  it("gives an edit the aspect's latest value and refuses a result with a field the aspect does not declare", () => {
    const edit = editProposal(registry, DATASET, 'ownership', (current) => ({ ...current, owners: current?.owners ?? [] }));
    expect(edit.edit?.(undefined, 0)).toEqual({ owners: [] });
    // @ts-expect-error `lastModifed` is misspelt
    editProposal(registry, DATASET, 'ownership', (current) => ({ owners: current?.owners ?? [], lastModifed: { time: 0, actor: 'x' } }));
    editProposal(registry, DATASET, 'status', () => ({ removed: false }));
  });
});
