/** The edits a data steward makes every day, as DataHub's mutations: each goes through the service's write path and privilege checks. */
export const UPDATE_DESCRIPTION = /* GraphQL */ `
  mutation uiUpdateDescription($input: DescriptionUpdateInput!) {
    updateDescription(input: $input)
  }
`;
export const ADD_TAGS = /* GraphQL */ `
  mutation uiAddTags($input: AddTagsInput!) {
    addTags(input: $input)
  }
`;
export const REMOVE_TAG = /* GraphQL */ `
  mutation uiRemoveTag($input: TagAssociationInput!) {
    removeTag(input: $input)
  }
`;
export const ADD_TERMS = /* GraphQL */ `
  mutation uiAddTerms($input: AddTermsInput!) {
    addTerms(input: $input)
  }
`;
export const REMOVE_TERM = /* GraphQL */ `
  mutation uiRemoveTerm($input: TermAssociationInput!) {
    removeTerm(input: $input)
  }
`;
export const ADD_OWNERS = /* GraphQL */ `
  mutation uiAddOwners($input: AddOwnersInput!) {
    addOwners(input: $input)
  }
`;
export const REMOVE_OWNER = /* GraphQL */ `
  mutation uiRemoveOwner($input: RemoveOwnerInput!) {
    removeOwner(input: $input)
  }
`;
export const SET_DOMAIN = /* GraphQL */ `
  mutation uiSetDomain($entityUrn: String!, $domainUrn: String!) {
    setDomain(entityUrn: $entityUrn, domainUrn: $domainUrn)
  }
`;
export const UNSET_DOMAIN = /* GraphQL */ `
  mutation uiUnsetDomain($entityUrn: String!) {
    unsetDomain(entityUrn: $entityUrn)
  }
`;
export const UPDATE_DEPRECATION = /* GraphQL */ `
  mutation uiUpdateDeprecation($input: UpdateDeprecationInput!) {
    updateDeprecation(input: $input)
  }
`;
export const ADD_LINK = /* GraphQL */ `
  mutation uiAddLink($input: AddLinkInput!) {
    addLink(input: $input)
  }
`;
export const REMOVE_LINK = /* GraphQL */ `
  mutation uiRemoveLink($input: RemoveLinkInput!) {
    removeLink(input: $input)
  }
`;
export const CREATE_TAG = /* GraphQL */ `
  mutation uiCreateTag($input: CreateTagInput!) {
    createTag(input: $input)
  }
`;
export const CREATE_TERM = /* GraphQL */ `
  mutation uiCreateTerm($input: CreateGlossaryEntityInput!) {
    createGlossaryTerm(input: $input)
  }
`;
export const CREATE_TERM_GROUP = /* GraphQL */ `
  mutation uiCreateTermGroup($input: CreateGlossaryEntityInput!) {
    createGlossaryNode(input: $input)
  }
`;
export const CREATE_DOMAIN = /* GraphQL */ `
  mutation uiCreateDomain($input: CreateDomainInput!) {
    createDomain(input: $input)
  }
`;

/** Datasets, charts, dashboards, pipelines and tasks keep their description in editable properties, set by their own update mutation. */
const updateEditableDescription = (mutation: string) => /* GraphQL */ `
  mutation ui_${mutation}_description($urn: String!, $description: String!) {
    ${mutation}(urn: $urn, input: { editableProperties: { description: $description } }) {
      urn
    }
  }
`;
export const UPDATE_DATASET_DESCRIPTION = updateEditableDescription('updateDataset');
export const UPDATE_CHART_DESCRIPTION = updateEditableDescription('updateChart');
export const UPDATE_DASHBOARD_DESCRIPTION = updateEditableDescription('updateDashboard');
export const UPDATE_DATA_FLOW_DESCRIPTION = updateEditableDescription('updateDataFlow');
export const UPDATE_DATA_JOB_DESCRIPTION = updateEditableDescription('updateDataJob');
