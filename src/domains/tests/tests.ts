/**
 * Metadata tests: listed to those who may view or manage them, and created, changed and deleted
 * under MANAGE_TESTS with DataHub's refusal. A test is its `testInfo`: a name, a category and a JSON
 * definition.
 */
import { UNAUTHORIZED_MESSAGE } from '../../auth/authorizer.js';
import { onPlatform } from '../../auth/requirements.js';
import { badRequest } from '../../errors.js';
import type { ManagedWrites, Written } from '../../write/managedWrites.js';
import type { SearchResult, SearchService } from '../search/search.js';
import { newEntityUrn } from '../../urn.js';

export interface TestInput {
  name: string;
  category: string;
  description?: string | null | undefined;
  definition: { json?: string | null | undefined };
}

export interface TestListInput {
  query?: string | null | undefined;
  start?: number | null | undefined;
  count?: number | null | undefined;
}

const MANAGE_TESTS = onPlatform('MANAGE_TESTS');
const VIEW_TESTS = onPlatform('VIEW_TESTS', 'MANAGE_TESTS');

/** A test's info; its definition, when given, must be JSON, as the app's editor writes it. */
function testInfo(input: TestInput) {
  const json = input.definition.json ?? undefined;
  if (json !== undefined) {
    try {
      JSON.parse(json);
    } catch {
      throw badRequest(`Failed to perform update against Test: its definition is not valid JSON`);
    }
  }
  if (!input.name.trim()) throw badRequest('A test needs a name');
  return {
    name: input.name,
    category: input.category,
    ...(input.description != null ? { description: input.description } : {}),
    definition: { type: 'JSON' as const, ...(json !== undefined ? { json } : {}) },
  };
}

export class TestService {
  constructor(
    private readonly managed: ManagedWrites,
    private readonly search: SearchService,
  ) {}

  private manage(actor: string) {
    return this.managed.authorizeOr(actor, UNAUTHORIZED_MESSAGE, MANAGE_TESTS);
  }

  /** Tests matching the query, found by the search index as DataHub finds them. */
  async list(input: TestListInput, actor: string): Promise<SearchResult> {
    await this.managed.authorize(actor, VIEW_TESTS);
    return this.search.search({ entities: ['test'], input: input.query || '*', start: input.start ?? 0, count: input.count ?? 20 }, actor);
  }

  async create(input: TestInput & { id?: string | null | undefined }, actor: string): Promise<Written & { urn: string }> {
    const m = this.managed;
    const grant = await this.manage(actor);
    const urn = newEntityUrn('test', input.id);
    if (await m.exists(urn)) throw badRequest('This Test already exists!');
    return { urn, written: await m.write(grant, [m.upsert(urn, 'testInfo', testInfo(input))]) };
  }

  async update(urn: string, input: TestInput, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await this.manage(actor);
    if (!(await m.existsAs(urn, 'test'))) throw badRequest(`Failed to perform update against Test with urn ${urn}: it does not exist`);
    return { written: await m.write(grant, [m.upsert(urn, 'testInfo', testInfo(input))]) };
  }

  /** Deletes the test, and then takes it out of whatever refers to it. */
  async delete(urn: string, actor: string): Promise<Written> {
    const m = this.managed;
    const grant = await this.manage(actor);
    if (!(await m.existsAs(urn, 'test'))) throw badRequest(`Failed to perform delete against Test with urn ${urn}: it does not exist`);
    return { written: await m.deleteWithReferences(grant, urn) };
  }
}
