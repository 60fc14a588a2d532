/**
 * DataHub's default home page as its first start writes it (domains/builtIns/homePage.ts): the
 * template everyone starts from and its modules, which the page template service also protects.
 */
import type { AspectValue } from '../../registry/aspectValues.js';

export const DEFAULT_TEMPLATE_URN = 'urn:li:dataHubPageTemplate:home_default_1';

/** DataHub's bootstrap modules: urn, name and type (all global, without parameters). */
export const DEFAULT_MODULES: ReadonlyArray<readonly [string, string, AspectValue<'dataHubPageModuleProperties'>['type']]> = [
  ['urn:li:dataHubPageModule:your_assets', 'Your Assets', 'OWNED_ASSETS'],
  ['urn:li:dataHubPageModule:top_domains', 'Domains', 'DOMAINS'],
  ['urn:li:dataHubPageModule:assets', 'Assets', 'ASSETS'],
  ['urn:li:dataHubPageModule:child_hierarchy', 'Children', 'CHILD_HIERARCHY'],
  ['urn:li:dataHubPageModule:data_products', 'Data Products', 'DATA_PRODUCTS'],
  ['urn:li:dataHubPageModule:related_terms', 'Related Terms', 'RELATED_TERMS'],
];
