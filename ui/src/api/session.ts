/** Who is signed in, and what they may do on the platform: read once, shared by every page. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSession, gql } from './client';
import { ME } from '../graphql/me';

export interface Me {
  urn: string;
  username: string;
  displayName: string;
  privileges: Record<string, boolean>;
}

/** Who is signed in: asked by the router before any signed-in page, and read by the pages. */
export const sessionQuery = queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQuery);
}

export function useMe() {
  return useQuery({
    queryKey: ['me'],
    staleTime: 60_000,
    queryFn: async (): Promise<Me> => {
      const data = await gql<{ me: any }>(ME);
      const user = data.me.corpUser;
      return {
        urn: user.urn,
        username: user.username,
        displayName: user.editableProperties?.displayName || user.properties?.displayName || user.username,
        privileges: data.me.platformPrivileges ?? {},
      };
    },
  });
}
