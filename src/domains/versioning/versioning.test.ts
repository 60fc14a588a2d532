/** Version sets through the service alone: the latest version moves as assets are linked and unlinked. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantPolicy, openTestStore, tempDir } from '../../../test/helpers.js';
import { SYSTEM_ACTOR } from '../../actors.js';
import type { Store } from '../../store/types.js';
import { buildProposal } from '../../write/proposals.js';
import { createServices, type Services } from '../services.js';
import { nextSortId } from './versioning.js';

const SET = 'urn:li:versionSet:(orders,dataset)';
const V1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders_v1,PROD)';
const V2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders_v2,PROD)';
const EDITOR = 'urn:li:corpuser:editor';
const READER = 'urn:li:corpuser:reader';

let store: Store;
let drop: () => Promise<void>;
let services: Services;
beforeEach(async () => {
  ({ store, drop } = await openTestStore(tempDir()));
  services = createServices(store);
  await grantPolicy(services, 'editors', { privileges: ['EDIT_ENTITY'], actors: { users: [EDITOR] } });
  for (const urn of [V1, V2])
    await services.writePath.apply([buildProposal(services.registry, urn, 'status', 'UPSERT', { removed: false })], {
      actor: SYSTEM_ACTOR,
    });
});
afterEach(async () => {
  await store.close();
  await drop();
});

const latest = async (urn: string, aspect: string) => (await store.getAspect(urn, aspect, 0))?.value;
const link = (linkedEntity: string, version: string, actor = EDITOR) =>
  services.versioning.link({ versionSet: SET, linkedEntity, version }, actor);

describe('a version set', () => {
  it('takes each asset linked as its latest, sorted after the one before', async () => {
    await link(V1, 'v1');
    const linked = await link(V2, 'v2');
    expect(linked.versionSet).toBe(SET);
    expect([...linked.written].sort()).toEqual([SET, V1, V2].sort());
    expect(await latest(SET, 'versionSetProperties')).toEqual({ latest: V2, versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB' });
    expect(await latest(V1, 'versionProperties')).toMatchObject({ sortId: 'AAAAAAAA', isLatest: false });
    expect(await latest(V2, 'versionProperties')).toMatchObject({ sortId: 'AAAAAAAB', isLatest: true, version: { versionTag: 'v2' } });
  });

  it('makes the version before latest again when the latest is unlinked, and goes with its last version', async () => {
    await link(V1, 'v1');
    await link(V2, 'v2');
    await services.versioning.unlink({ versionSet: SET, unlinkedEntity: V2 }, EDITOR);
    expect(await latest(V2, 'versionProperties')).toBeUndefined();
    expect(await latest(SET, 'versionSetProperties')).toMatchObject({ latest: V1 });
    expect(await latest(V1, 'versionProperties')).toMatchObject({ isLatest: true });
    await services.versioning.unlink({ versionSet: SET, unlinkedEntity: V1 }, EDITOR);
    expect(await latest(SET, 'versionSetProperties')).toBeUndefined();
  });

  it("is refused with DataHub's text without EDIT_ENTITY, and a 400 for an asset of another type", async () => {
    await expect(link(V1, 'v1', READER)).rejects.toMatchObject({
      kind: 'forbidden',
      message: `${READER} is unauthorized to UPDATE entities ${SET} and ${V1}`,
    });
    expect(await latest(V1, 'versionProperties')).toBeUndefined();
    await expect(
      services.versioning.link({ versionSet: SET, linkedEntity: 'urn:li:tag:pii', version: 'v1' }, EDITOR),
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
