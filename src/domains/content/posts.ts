/**
 * Announcements (posts): created, changed and deleted as DataHub's are, under its privileges and
 * with its texts. A post may be about an entity, or about one of a dataset's columns.
 */
import type { AspectValue } from '../../registry/aspectValues.js';
import type { Privilege } from '../../registry/privilegeCatalog.js';
import { onPlatform } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import { newEntityUrn, schemaFieldUrn } from '../../urn.js';

type PostInfo = AspectValue<'postInfo'>;

export interface PostContentInput {
  contentType: PostInfo['content']['type'];
  title: string;
  description?: string | null | undefined;
  link?: string | null | undefined;
  media?: { type: string; location: string } | null | undefined;
}

export interface CreatePostInput {
  postType: PostInfo['type'];
  content: PostContentInput;
  resourceUrn?: string | null | undefined;
  subResource?: string | null | undefined;
}

export interface UpdatePostInput {
  urn: string;
  postType: PostInfo['type'];
  content: PostContentInput;
}

/** DataHub's own texts for refused post edits. */
const REFUSED = (verb: string) =>
  `Unauthorized to ${verb} posts. Please contact your DataHub administrator if this needs corrective action.`;
const EDIT_POSTS: Privilege[] = ['CREATE_GLOBAL_ANNOUNCEMENTS', 'MANAGE_GLOBAL_ANNOUNCEMENTS'];

const postContent = (c: PostContentInput): PostInfo['content'] => ({
  type: c.contentType,
  title: c.title,
  ...(c.description != null ? { description: c.description } : {}),
  ...(c.link != null ? { link: c.link } : {}),
  ...(c.media ? { media: { type: c.media.type, location: c.media.location } } : {}),
});

export class PostService {
  constructor(private readonly managed: ManagedWrites) {}

  private authorize(actor: string, verb: string, privileges: Privilege[]) {
    return this.managed.authorizeOr(actor, REFUSED(verb), onPlatform(...privileges));
  }

  async create(input: CreatePostInput, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const grant = await this.authorize(actor, 'create', EDIT_POSTS);
    // A post about a column targets the column's schemaField, as DataHub's does.
    const target = input.resourceUrn && input.subResource ? schemaFieldUrn(input.resourceUrn, input.subResource) : input.resourceUrn;
    if (input.resourceUrn && !(await m.exists(input.resourceUrn)))
      throw badRequest(`Failed to create post: entity ${input.resourceUrn} does not exist`);
    const now = m.now();
    const urn = newEntityUrn('post');
    const info = {
      type: input.postType,
      content: postContent(input.content),
      created: now,
      lastModified: now,
      auditStamp: { time: now, actor },
      ...(target ? { target } : {}),
    };
    return { urn, written: await m.write(grant, [m.upsert(urn, 'postInfo', info)]) };
  }

  async update(input: UpdatePostInput, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await this.authorize(actor, 'update', EDIT_POSTS);
    if (!(await m.existsAs(input.urn, 'post'))) throw badRequest(`Failed to edit/update post for urn ${input.urn} as post doesn't exist`);
    const change = m.change(input.urn, 'postInfo', (p) => ({
      ...p,
      type: input.postType,
      content: postContent(input.content),
      lastModified: m.now(),
    }));
    return { written: await m.write(grant, [change]) };
  }

  async delete(urn: string, actor: string): Promise<Written> {
    const grant = await this.authorize(actor, 'delete', ['MANAGE_GLOBAL_ANNOUNCEMENTS']);
    if (!(await this.managed.existsAs(urn, 'post'))) throw badRequest('Post does not exist');
    return { written: await this.managed.deleteWithReferences(grant, urn) };
  }
}
