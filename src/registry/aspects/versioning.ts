/**
 * Versioning (Pegasus `com.linkedin.versionset.*`, `com.linkedin.common.VersionProperties`): a version
 * set names its latest member; each member says which set it belongs to and which version it is.
 */
import { arrayOf, boolean, enumOf, optional, record, string, urn, withDefault } from '../schema/dsl.js';
import { AuditStamp, CustomProperties } from '../schema/common.js';
import { VersionTag } from './shared.js';
import { aspect } from './aspect.js';

const VersioningScheme = enumOf('com.linkedin.versionset.VersioningScheme', ['LEXICOGRAPHIC_STRING', 'ALPHANUMERIC_GENERATED_BY_DATAHUB']);

export const versionSetProperties = aspect({
  name: 'versionSetProperties',
  type: record(
    'com.linkedin.versionset.VersionSetProperties',
    {
      latest: urn,
      versioningScheme: VersioningScheme,
    },
    CustomProperties,
  ),
  searchable: [{ path: '/latest', fieldType: 'URN', queryByDefault: false }],
});

export const versionProperties = aspect({
  name: 'versionProperties',
  type: record('com.linkedin.common.VersionProperties', {
    versionSet: urn,
    version: VersionTag,
    aliases: withDefault(arrayOf(VersionTag), []),
    comment: optional(string),
    sortId: string,
    versioningScheme: withDefault(VersioningScheme, 'LEXICOGRAPHIC_STRING'),
    sourceCreatedTimestamp: optional(AuditStamp),
    metadataCreatedTimestamp: optional(AuditStamp),
    isLatest: optional(boolean),
  }),
  searchable: [
    { path: '/versionSet', fieldType: 'URN', queryByDefault: false },
    { path: '/version/versionTag', fieldName: 'version', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/aliases/*/versionTag', fieldName: 'aliases', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/sortId', fieldName: 'versionSortId', fieldType: 'KEYWORD', queryByDefault: false },
    { path: '/isLatest', fieldType: 'BOOLEAN', queryByDefault: false },
  ],
  relationships: [{ path: '/versionSet', name: 'VersionOf', entityTypes: ['versionSet'] }],
});

export const versioningAspects = [versionSetProperties, versionProperties];
