/**
 * Every GraphQL operation the UI sends is valid against the schema this service serves, so a
 * misspelt field fails here rather than on a page. The browser tests then check what they answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

const schema = buildSchema(readFileSync(new URL('../../src/api/graphql/schema.graphql', import.meta.url), 'utf8'));
const dir = new URL('../src/graphql/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

describe('the UI GraphQL operations', async () => {
  const documents: Array<[string, string]> = [];
  for (const file of files) {
    const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const [name, text] of Object.entries(mod)) {
      if (typeof text === 'string' && /^\s*(query|mutation)\b/.test(text)) documents.push([`${file}:${name}`, text]);
    }
  }

  it('finds the operations', () => {
    expect(documents.length).toBeGreaterThan(20);
  });

  it.each(documents)('%s validates against the served schema', (_name, text) => {
    const errors = validate(schema, parse(text)).map((e) => e.message);
    expect(errors).toEqual([]);
  });
});

describe('the UI entity types', () => {
  it('are all values of the served EntityType enum', async () => {
    const { ENTITY_TYPES } = await import('../src/entity/types.js');
    const served = new Set((schema.getType('EntityType') as import('graphql').GraphQLEnumType).getValues().map((v) => v.name));
    expect(ENTITY_TYPES.length).toBeGreaterThan(10);
    expect(ENTITY_TYPES.map((t) => t.type).filter((t) => !served.has(t))).toEqual([]);
  });
});
