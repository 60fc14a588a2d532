import { ENTITY_SUMMARY } from './fragments';

export const BROWSE = /* GraphQL */ `
  query uiBrowse($input: BrowseV2Input!) {
    browseV2(input: $input) {
      total
      groups { name count hasSubGroups entity { urn type ... on Container { properties { name } } } }
      metadata { totalNumEntities }
    }
  }
`;

export const ROOT_GLOSSARY = /* GraphQL */ `
  query uiRootGlossary {
    getRootGlossaryNodes(input: { start: 0, count: 1000 }) { nodes { urn properties { name description } } }
    getRootGlossaryTerms(input: { start: 0, count: 1000 }) { terms { urn name properties { name description } } }
  }
`;

export const GLOSSARY_CHILDREN = /* GraphQL */ `
  query uiGlossaryChildren($urn: String!) {
    glossaryNode(urn: $urn) {
      urn
      children: relationships(input: { types: ["IsPartOf"], direction: INCOMING, start: 0, count: 1000 }) {
        relationships { entity { urn type ... on GlossaryTerm { name properties { name description } } ... on GlossaryNode { properties { name description } } } }
      }
    }
  }
`;

export const DOMAINS = /* GraphQL */ `
  query uiDomains {
    listDomains(input: { start: 0, count: 1000 }) {
      total
      domains { urn properties { name description } entities(input: { start: 0, count: 0 }) { total } ownership { owners { owner { ... on CorpUser { urn username } ... on CorpGroup { urn name } } } } }
    }
  }
`;

export const HOME = /* GraphQL */ `
  query uiHome($input: SearchAcrossEntitiesInput!) {
    searchAcrossEntities(input: $input) {
      total
      facets { field aggregations { value count entity { ...EntitySummary } } }
    }
  }
  ${ENTITY_SUMMARY}
`;
