/**
 * How an entity is shown (Pegasus `com.linkedin.common.DisplayProperties`): its colour and icon, as
 * domains and glossary nodes carry them.
 */
import { enumOf, optional, record, string } from '../schema/dsl.js';
import { aspect } from './aspect.js';

export const displayProperties = aspect({
  name: 'displayProperties',
  type: record('com.linkedin.common.DisplayProperties', {
    colorHex: optional(string),
    icon: optional(
      record('com.linkedin.common.IconProperties', {
        iconLibrary: enumOf('com.linkedin.common.IconLibrary', ['MATERIAL']),
        name: string,
        style: string,
      }),
    ),
  }),
});

export const displayAspects = [displayProperties];
