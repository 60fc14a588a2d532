export const ME = /* GraphQL */ `
  query uiMe {
    me {
      corpUser {
        urn
        username
        properties {
          displayName
          email
        }
        editableProperties {
          displayName
        }
      }
      platformPrivileges {
        createTags
        manageTags
        manageGlossaries
        createDomains
        manageDomains
        manageTokens
        generatePersonalAccessTokens
        manageIdentities
        manageUserCredentials
        managePolicies
      }
    }
  }
`;
