/** What an entity page reads: one query for the page, and one per tab that costs more. */
import { ENTITY_SUMMARY } from './fragments';

const PROPS = `customProperties { key value } externalUrl`;
const LINKS = `institutionalMemory { elements { url label created { actor time } } }`;
const DEPRECATION = `deprecation { deprecated note decommissionTime actor }`;
const PRIVILEGES = `privileges { canEditTags canEditGlossaryTerms canEditDescription canEditLinks canEditDomains canEditOwners canEditDeprecation canManageEntity canManageChildren canEditLineage }`;
const PARENTS = `parentContainers { containers { urn type properties { name } } }`;
const TAGS = `tags { tags { tag { urn name properties { name colorHex } } } }`;
const RELATED = (alias: string, types: string, direction: string) =>
  `${alias}: relationships(input: { types: [${types}], direction: ${direction}, start: 0, count: 100 }) { total relationships { type entity { ...EntitySummary } } }`;

export const ENTITY = /* GraphQL */ `
  query uiEntity($urn: String!) {
    entity(urn: $urn) {
      urn
      type
      ...EntitySummary
      ... on Dataset {
        exists
        properties { qualifiedName ${PROPS} created lastModified { time } }
        ${LINKS} ${DEPRECATION} ${PRIVILEGES} ${PARENTS}
        status { removed }
      }
      ... on Chart { exists properties { ${PROPS} lastModified { time } } ${LINKS} ${DEPRECATION} ${PRIVILEGES} ${PARENTS}
        ${RELATED('dashboards', '"Contains"', 'INCOMING')} }
      ... on Dashboard { exists properties { ${PROPS} lastModified { time } } ${LINKS} ${DEPRECATION} ${PRIVILEGES} ${PARENTS}
        ${RELATED('charts', '"Contains"', 'OUTGOING')} }
      ... on DataFlow { exists properties { ${PROPS} project } ${LINKS} ${DEPRECATION} ${PRIVILEGES} ${PARENTS}
        ${RELATED('tasks', '"IsPartOf"', 'INCOMING')} }
      ... on DataJob { exists properties { ${PROPS} } ${LINKS} ${DEPRECATION} ${PRIVILEGES}
        dataFlow { urn properties { name } platform { urn name properties { displayName } } }
        inputOutput { inputDatasets { ...EntitySummary } outputDatasets { ...EntitySummary } } }
      ... on Container { exists properties { ${PROPS} } ${LINKS} ${DEPRECATION} ${PRIVILEGES} ${PARENTS}
        entities(input: { start: 0, count: 100 }) { total searchResults { entity { ...EntitySummary } } } }
      ... on Domain { ${LINKS} ${PRIVILEGES}
        entities(input: { start: 0, count: 100 }) { total searchResults { entity { ...EntitySummary } } } }
      ... on DataProduct { properties { ${PROPS} } ${LINKS} ${PRIVILEGES}
        entities(input: { query: "*", start: 0, count: 100 }) { total searchResults { entity { ...EntitySummary } } } }
      ... on GlossaryTerm { exists properties { termSource sourceRef sourceUrl customProperties { key value } } ${LINKS} ${DEPRECATION} ${PRIVILEGES}
        domain { domain { urn properties { name } } }
        parentNodes { nodes { urn properties { name } } } }
      ... on GlossaryNode { exists ${PRIVILEGES} parentNodes { nodes { urn properties { name } } }
        ${RELATED('children', '"IsPartOf"', 'INCOMING')} }
      ... on Tag { ownership { owners { owner { ... on CorpUser { urn username properties { displayName } } ... on CorpGroup { urn name properties { displayName } } } } } }
      ... on CorpUser { exists userStatus: status properties { email title fullName departmentName } editableProperties { aboutMe slack phone title } ${TAGS} ${PRIVILEGES}
        ${RELATED('groups', '"IsMemberOfGroup", "IsMemberOfNativeGroup"', 'OUTGOING')} }
      ... on CorpGroup { exists properties { email } editableProperties { description email } ${PRIVILEGES}
        ${RELATED('members', '"IsMemberOfGroup", "IsMemberOfNativeGroup"', 'INCOMING')} }
    }
  }
  ${ENTITY_SUMMARY}
`;

const FIELD_LABELS = `tags { tags { tag { urn name properties { name colorHex } } } } glossaryTerms { terms { term { urn name properties { name } } } }`;

export const SCHEMA = /* GraphQL */ `
  query uiSchema($urn: String!) {
    dataset(urn: $urn) {
      urn
      privileges { canEditSchemaFieldTags canEditSchemaFieldGlossaryTerms canEditSchemaFieldDescription }
      schemaMetadata { primaryKeys fields { fieldPath nullable description type nativeDataType isPartOfKey ${FIELD_LABELS} } }
      editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description ${FIELD_LABELS} } }
      fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation }
    }
  }
`;

export const STATS = /* GraphQL */ `
  query uiStats($urn: String!) {
    dataset(urn: $urn) {
      urn
      datasetProfiles(limit: 60) {
        timestampMillis rowCount columnCount sizeInBytes
        fieldProfiles { fieldPath uniqueCount nullCount nullProportion min max mean median }
      }
      usageStats(range: MONTH) {
        buckets { bucket metrics { totalSqlQueries uniqueUserCount } }
        aggregations { uniqueUserCount totalSqlQueries users { user { urn username properties { displayName } } count } fields { fieldName count } }
      }
    }
  }
`;

export const TIMELINE = /* GraphQL */ `
  query uiTimeline($input: GetTimelineInput!) {
    getTimeline(input: $input) {
      changeTransactions {
        timestampMillis
        lastSemanticVersion
        changeType
        changes { category operation modifier description auditStamp { actor time } }
      }
    }
  }
`;

export const LINEAGE = /* GraphQL */ `
  query uiLineage($input: SearchAcrossLineageInput!) {
    searchAcrossLineage(input: $input) {
      total
      searchResults { degree entity { ...EntitySummary } paths { path { urn } } }
      facets { field aggregations { value count } }
    }
  }
  ${ENTITY_SUMMARY}
`;

export const COLUMN_LINEAGE = /* GraphQL */ `
  query uiColumnLineage($urns: [String!]!) {
    entities(urns: $urns) {
      urn
      ... on Dataset { fineGrainedLineages { upstreams { urn path } downstreams { urn path } } }
    }
  }
`;
