/**
 * What a result row, a lineage node or a list item shows of any entity: its name, platform, type,
 * description and labels. One selection per type, because DataHub's schema names these per type.
 */
const OWNER = `owners { owner { ... on CorpUser { urn username properties { displayName } editableProperties { displayName } } ... on CorpGroup { urn name properties { displayName } } } }`;
const LABELS = `globalTags: tags { tags { tag { urn name properties { name colorHex } } } } glossaryTerms { terms { term { urn name properties { name } } } } domain { domain { urn properties { name } } }`;
const PLATFORM = `platform { urn name properties { displayName logoUrl } }`;

export const ENTITY_SUMMARY = /* GraphQL */ `
  fragment EntitySummary on Entity {
    urn
    type
    ... on Dataset { name ${PLATFORM} properties { name description qualifiedName } editableProperties { description } subTypes { typeNames } ownership { ${OWNER} } ${LABELS} deprecation { deprecated } }
    ... on Chart { ${PLATFORM} properties { name description } editableProperties { description } ownership { ${OWNER} } ${LABELS} deprecation { deprecated } }
    ... on Dashboard { ${PLATFORM} properties { name description } editableProperties { description } ownership { ${OWNER} } ${LABELS} deprecation { deprecated } }
    ... on DataFlow { ${PLATFORM} properties { name description } editableProperties { description } ownership { ${OWNER} } ${LABELS} deprecation { deprecated } }
    ... on DataJob { dataFlow { urn platform { urn name properties { displayName logoUrl } } } properties { name description } editableProperties { description } ownership { ${OWNER} } ${LABELS} deprecation { deprecated } }
    ... on Container { ${PLATFORM} properties { name description } editableProperties { description } subTypes { typeNames } ownership { ${OWNER} } ${LABELS} deprecation { deprecated } }
    ... on Domain { properties { name description } ownership { ${OWNER} } }
    ... on DataProduct { properties { name description } ownership { ${OWNER} } ${LABELS} }
    ... on GlossaryTerm { name hierarchicalName properties { name description } ownership { ${OWNER} } }
    ... on GlossaryNode { properties { name description } ownership { ${OWNER} } }
    ... on Tag { name properties { name description colorHex } }
    ... on CorpUser { username properties { displayName title email } editableProperties { displayName } }
    ... on CorpGroup { name properties { displayName description } }
    ... on MLModel { name ${PLATFORM} description }
    ... on MLFeatureTable { name ${PLATFORM} description }
    ... on DataPlatform { name properties { displayName logoUrl } }
  }
`;
