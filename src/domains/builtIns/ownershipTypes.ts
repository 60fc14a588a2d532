/**
 * The ownership types every DataHub catalog has (its `ownership-types` bootstrap): the kinds of owner
 * the app offers when someone adds an owner. Ids and names are DataHub's; the descriptions are ours.
 */
export const SYSTEM_OWNERSHIP_TYPES: ReadonlyArray<readonly [id: string, name: string, description: string]> = [
  ['__system__technical_owner', 'Technical Owner', 'Builds, runs or maintains the asset.'],
  ['__system__business_owner', 'Business Owner', 'Answers for what the asset means and how it is used.'],
  ['__system__data_steward', 'Data Steward', 'Looks after the governance of the asset.'],
  ['__system__none', 'None', 'An owner of no particular kind.'],
];
