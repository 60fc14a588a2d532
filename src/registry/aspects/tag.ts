/**
 * Tags (Pegasus `com.linkedin.tag.*`).
 */
import { optional, record, string } from '../schema/dsl.js';
import { aspect } from './aspect.js';

export const tagProperties = aspect({
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
});

export const tagAspects = [tagProperties];
