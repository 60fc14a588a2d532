/**
 * Tags (Pegasus `com.linkedin.tag.*`).
 */
import { optional, record, string } from '../schema/dsl.js';
import type { AspectDecl } from '../types.js';

export const tagProperties: AspectDecl = {
  name: 'tagProperties',
  type: record('com.linkedin.tag.TagProperties', {
    name: string,
    description: optional(string),
    colorHex: optional(string),
  }),
  searchable: [
    { path: '/name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 },
    { path: '/description', fieldType: 'TEXT' },
  ],
};

export const tagAspects: AspectDecl[] = [tagProperties];
