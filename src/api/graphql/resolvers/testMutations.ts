/**
 * Metadata tests, created, changed and deleted under MANAGE_TESTS with DataHub's refusal. A test is
 * its `testInfo`: a name, a category and a JSON definition.
 */
import { UNAUTHORIZED_MESSAGE } from '../../../auth/authorizer.js';
import { onPlatform } from '../../../auth/requirements.js';
import { badRequest } from '../../../errors.js';
import type { GraphQLContext } from '../context.js';
import type { CreateTestInput, Resolvers } from '../generated/resolvers.js';
import { authorizeOr, deleteWithReferences, exists, existsAs, upsert, write } from './managedWrites.js';
import type { ResolverModule } from './module.js';
import { newEntityUrn } from '../../../urn.js';

const manageTests = (ctx: GraphQLContext) => authorizeOr(ctx, UNAUTHORIZED_MESSAGE, onPlatform('MANAGE_TESTS'));

/** A test's info; its definition, when given, must be JSON, as the app's editor writes it. */
function testInfo(input: Omit<CreateTestInput, 'id'>) {
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
    definition: { type: 'JSON', ...(json !== undefined ? { json } : {}) },
  };
}

const resolvers: Resolvers = {
  Mutation: {
    createTest: async (_root, { input }, ctx) => {
      const grant = await manageTests(ctx);
      const urn = newEntityUrn('test', input.id);
      if (await exists(ctx, urn)) throw badRequest('This Test already exists!');
      await write(ctx, grant, [upsert(ctx, urn, 'testInfo', testInfo(input))]);
      return urn;
    },
    updateTest: async (_root, { urn, input }, ctx) => {
      const grant = await manageTests(ctx);
      if (!(await existsAs(ctx, urn, 'test'))) throw badRequest(`Failed to perform update against Test with urn ${urn}: it does not exist`);
      await write(ctx, grant, [upsert(ctx, urn, 'testInfo', testInfo(input))]);
      return urn;
    },
    deleteTest: async (_root, { urn }, ctx) => {
      const grant = await manageTests(ctx);
      if (!(await existsAs(ctx, urn, 'test'))) throw badRequest(`Failed to perform delete against Test with urn ${urn}: it does not exist`);
      await deleteWithReferences(ctx, grant, urn);
      return true;
    },
  },
};

export const testMutationsModule: ResolverModule = { resolvers };
