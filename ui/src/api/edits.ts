/** Runs an edit and refreshes what it changes: the entity's page and any search that may list it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from './client';

export function useEdit<V extends Record<string, unknown>>(mutation: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => gql(mutation, variables),
    onSuccess: () => client.invalidateQueries(),
  });
}
