/** An entity's page data, asked for by the route as soon as its URL is known and read by the page. */
import { queryOptions } from '@tanstack/react-query';
import { ENTITY } from '../graphql/entity';
import { gql } from './client';

export const entityQuery = (urn: string) =>
  queryOptions({ queryKey: ['entity', urn], queryFn: () => gql<{ entity: any }>(ENTITY, { urn }).then((d) => d.entity) });
