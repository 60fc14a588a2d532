import { ENTITY_SUMMARY } from './fragments';

export const SEARCH = /* GraphQL */ `
  query uiSearch($input: SearchAcrossEntitiesInput!) {
    searchAcrossEntities(input: $input) {
      start
      count
      total
      searchResults {
        entity {
          ...EntitySummary
        }
        matchedFields {
          name
          value
        }
      }
      facets {
        field
        displayName
        aggregations {
          value
          count
          entity {
            ...EntitySummary
          }
        }
      }
    }
  }
  ${ENTITY_SUMMARY}
`;

export const QUICK_SEARCH = /* GraphQL */ `
  query uiQuickSearch($input: SearchAcrossEntitiesInput!) {
    searchAcrossEntities(input: $input) {
      total
      searchResults {
        entity {
          ...EntitySummary
        }
      }
    }
  }
  ${ENTITY_SUMMARY}
`;

export const ENTITY_COUNTS = /* GraphQL */ `
  query uiEntityCounts($input: EntityCountInput!) {
    getEntityCounts(input: $input) {
      counts {
        entityType
        count
      }
    }
  }
`;
