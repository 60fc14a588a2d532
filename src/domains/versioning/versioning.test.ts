/** Version sets through the service alone: the latest version moves as assets are linked and unlinked. */
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';
import { nextSortId } from './versioning.js';

const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';

const c = serviceCatalogForFile(async ({ grant }) => {
  await grant('editors', { privileges: ['EDIT_ENTITY'], actors: { users: [EDITOR] } });
});

describe('a version set', () => {
  // Each test has a version set and datasets of its own.
  let sets = 0;
  let set: string;
  let v1: string;
  let v2: string;
  beforeEach(async () => {
    const name = `orders_${++sets}`;
    set = `urn:li:versionSet:(${name},dataset)`;
    v1 = `urn:li:dataset:(urn:li:dataPlatform:hive,sales.${name}_v1,PROD)`;
    v2 = `urn:li:dataset:(urn:li:dataPlatform:hive,sales.${name}_v2,PROD)`;
    await c.put([v1, v2], 'status', { removed: false });
  });
  const link = (linkedEntity: string, version: string, actor = EDITOR) =>
    c.services.versioning.link({ versionSet: set, linkedEntity, version }, actor);

  it('takes each asset linked as its latest, sorted after the one before', async () => {
    await link(v1, 'v1');
    const linked = await link(v2, 'v2');
    expect(linked.versionSet).toBe(set);
    expect([...linked.written].sort()).toEqual([set, v1, v2].sort());
    expect(await c.value(set, 'versionSetProperties')).toEqual({ latest: v2, versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB' });
    expect(await c.value(v1, 'versionProperties')).toMatchObject({ sortId: 'AAAAAAAA', isLatest: false });
    expect(await c.value(v2, 'versionProperties')).toMatchObject({ sortId: 'AAAAAAAB', isLatest: true, version: { versionTag: 'v2' } });
  });

  it('makes the version before latest again when the latest is unlinked, and goes with its last version', async () => {
    await link(v1, 'v1');
    await link(v2, 'v2');
    await c.services.versioning.unlink({ versionSet: set, unlinkedEntity: v2 }, EDITOR);
    expect(await c.value(v2, 'versionProperties')).toBeUndefined();
    expect(await c.value(set, 'versionSetProperties')).toMatchObject({ latest: v1 });
    expect(await c.value(v1, 'versionProperties')).toMatchObject({ isLatest: true });
    await c.services.versioning.unlink({ versionSet: set, unlinkedEntity: v1 }, EDITOR);
    expect(await c.value(set, 'versionSetProperties')).toBeUndefined();
  });

  it("is refused with DataHub's text without EDIT_ENTITY, and a 400 for an asset of another type", async () => {
    await expect(link(v1, 'v1', READER)).rejects.toMatchObject({
      kind: 'forbidden',
      message: `${READER} is unauthorized to UPDATE entities ${set} and ${v1}`,
    });
    expect(await c.value(v1, 'versionProperties')).toBeUndefined();
    await expect(
      c.services.versioning.link({ versionSet: set, linkedEntity: 'urn:li:tag:pii', version: 'v1' }, EDITOR),
    ).rejects.toMatchObject({
      kind: 'bad_request',
      message: "Entity type must match Version Set's specified type: dataset invalid type: tag",
    });
  });
});

describe('sort ids', () => {
  it('count up from the right, carrying past Z', () => {
    expect(nextSortId('AAAAAAAA')).toBe('AAAAAAAB');
    expect(nextSortId('AAAAAAZZ')).toBe('AAAAABAA');
    expect(() => nextSortId('lower')).toThrow(/Invalid version sort id/);
  });
});
