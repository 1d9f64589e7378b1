import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The mutation callbacks of an optimistic change (style guide: bluesky's like): the cached answer
 * under `queryKey` changes at once, and goes back to what it was if the server refuses. Anything
 * after that (a reload, a log line) is the caller's.
 */
export function optimisticUpdate<TData, TVariables>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  change: (data: TData, variables: TVariables) => TData,
) {
  return {
    onMutate: async (variables: TVariables) => {
      // An answer already on its way would overwrite the change with the state before it.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TData>(queryKey);
      if (previous !== undefined) queryClient.setQueryData<TData>(queryKey, change(previous, variables));
      return { previous };
    },
    rollBack: (context: { previous: TData | undefined } | undefined) => {
      if (context?.previous !== undefined) queryClient.setQueryData<TData>(queryKey, context.previous);
    },
  };
}
