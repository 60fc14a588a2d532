/** Announcements as the post service writes them: under DataHub's privileges and texts, about an entity or a column. */
import { describe, expect, it } from 'vitest';
import { serviceCatalogForFile } from '../../../test/serviceCatalog.js';

const EDITOR = 'urn:li:corpuser:announcer';
const NOBODY = 'urn:li:corpuser:nobody';
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const content = { contentType: 'TEXT' as const, title: 'Maintenance', description: 'Down on Sunday' };

const c = serviceCatalogForFile(async ({ grant, put }) => {
  await grant('announcers', {
    type: 'PLATFORM',
    privileges: ['MANAGE_GLOBAL_ANNOUNCEMENTS'],
    actors: { users: [EDITOR] },
  });
  await put(DATASET, 'datasetProperties', { name: 'orders' });
});

describe('posts', () => {
  it('are created about a column, changed and deleted by those who manage announcements', async () => {
    const { urn, written } = await c.services.posts.create(
      { postType: 'ENTITY_ANNOUNCEMENT', content, resourceUrn: DATASET, subResource: 'amount' },
      EDITOR,
    );
    expect(written).toEqual([urn]);
    expect(await c.value(urn, 'postInfo')).toMatchObject({
      type: 'ENTITY_ANNOUNCEMENT',
      content: { type: 'TEXT', title: 'Maintenance', description: 'Down on Sunday' },
      target: `urn:li:schemaField:(${DATASET},amount)`,
      auditStamp: { actor: EDITOR },
    });

    await c.services.posts.update(
      { urn, postType: 'HOME_PAGE_ANNOUNCEMENT', content: { contentType: 'LINK', title: 'Docs', link: 'https://x' } },
      EDITOR,
    );
    const info = await c.value(urn, 'postInfo');
    expect(info).toMatchObject({ type: 'HOME_PAGE_ANNOUNCEMENT', content: { type: 'LINK', title: 'Docs', link: 'https://x' } });
    expect(info?.content.description).toBeUndefined();
    expect(info?.target).toBe(`urn:li:schemaField:(${DATASET},amount)`);

    expect(await c.services.posts.delete(urn, EDITOR)).toEqual({ written: [urn] });
    expect(await c.value(urn, 'postInfo')).toBeUndefined();
  });

  it("are refused with DataHub's texts without the privilege, before the input is looked at", async () => {
    const text = (verb: string) =>
      `Unauthorized to ${verb} posts. Please contact your DataHub administrator if this needs corrective action.`;
    await c.fails('forbidden', text('create'), () =>
      c.services.posts.create({ postType: 'HOME_PAGE_ANNOUNCEMENT', content, resourceUrn: 'urn:li:dataset:missing' }, NOBODY),
    );
    const { urn } = await c.services.posts.create({ postType: 'HOME_PAGE_ANNOUNCEMENT', content }, EDITOR);
    await c.fails('forbidden', text('update'), () => c.services.posts.update({ urn, postType: 'HOME_PAGE_ANNOUNCEMENT', content }, NOBODY));
    await c.fails('forbidden', text('delete'), () => c.services.posts.delete(urn, NOBODY));
    expect(await c.value(urn, 'postInfo')).toMatchObject({ content: { title: 'Maintenance' } });
  });

  it('refuse entities and posts that do not exist (400)', async () => {
    await c.fails('bad_request', 'Failed to create post: entity urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD) does not exist', () =>
      c.services.posts.create(
        { postType: 'ENTITY_ANNOUNCEMENT', content, resourceUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)' },
        EDITOR,
      ),
    );
    await c.fails('bad_request', "Failed to edit/update post for urn urn:li:post:nope as post doesn't exist", () =>
      c.services.posts.update({ urn: 'urn:li:post:nope', postType: 'HOME_PAGE_ANNOUNCEMENT', content }, EDITOR),
    );
    await c.fails('bad_request', 'Post does not exist', () => c.services.posts.delete('urn:li:post:nope', EDITOR));
  });
});
