import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../registry/registry.js';
import { ManagedWrites } from './managedWrites.js';

// Only the registry is used to build proposals; nothing here reads or writes.
const managed = new ManagedWrites(loadRegistry(), {} as never, {} as never, {} as never, {} as never);
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';

// The `@ts-expect-error` lines are the test: `tsc` fails if one of them compiles.
describe('managed writes are typed by their aspect, as the proposals they build', () => {
  it('refuses a misspelt field of an upserted value, however it was built', () => {
    const built = { removed: true, removedBy: 'me' };
    // @ts-expect-error `removedBy` is not a field of status
    expect(() => managed.upsert(DATASET, 'status', built)).toThrow(/\/removedBy :: unrecognized field found but not allowed/);
    // @ts-expect-error `removed` is a boolean
    expect(() => managed.upsert(DATASET, 'status', { removed: 'yes' })).toThrow(/must be boolean/);
    expect(managed.upsert(DATASET, 'status', { removed: true }).value).toEqual({ removed: true });
  });

  it('gives a change the latest value, {} when none is stored, and leaves required fields to the schema check', () => {
    const change = managed.change(DATASET, 'ownership', (current) => ({ ...current, owners: current.owners ?? [] }));
    expect(change.edit?.(undefined, 0)).toEqual({ owners: [] });
    // @ts-expect-error `lastModifed` is misspelt
    managed.change(DATASET, 'ownership', (current) => ({ ...current, lastModifed: { time: 0, actor: 'x' } }));
    // A change that leaves out a required field compiles: the write's schema check refuses it when nothing is stored.
    const partial = managed.change(DATASET, 'ownership', (current) => ({ ...current }));
    expect(() => partial.edit?.(undefined, 0)).not.toThrow();
  });
});
