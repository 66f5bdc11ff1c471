import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@cityforge/shared';
import { fetchCurrentUser, setCurrentUser } from '../../../lib/auth-store';

export const meQueryKey = ['auth', 'me'] as const;

/** GET /auth/me/ → TUser. Each fresh answer also updates the signed-in user everywhere. */
export function getMe(signal?: AbortSignal): Promise<TUser> {
  return fetchCurrentUser(signal).then((user) => {
    setCurrentUser(user);
    return user;
  });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 0,
  });
}

export function useMe(initialUser?: TUser | null) {
  return useQuery({
    ...meQueryOptions(),
    initialData: initialUser ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
