/** Metadata tests: a named rule whose results assets carry in `testResults`. As DataHub's `test` model. */
import { enumOf, optional, record, string } from '../schema/dsl.js';
import { aspect } from './aspect.js';

export const testInfo = aspect({
  name: 'testInfo',
  type: record('com.linkedin.test.TestInfo', {
    name: string,
    category: string,
    description: optional(string),
    definition: record('com.linkedin.test.TestDefinition', {
      type: enumOf('com.linkedin.test.TestDefinitionType', ['JSON']),
      json: optional(string),
    }),
  }),
  searchable: [
    { path: '/name', fieldType: 'TEXT_PARTIAL' },
    { path: '/category', fieldType: 'KEYWORD' },
    { path: '/description', fieldType: 'TEXT' },
  ],
});

export const testAspects = [testInfo];
