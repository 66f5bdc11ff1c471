import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { googleApi, type TGoogleStatus } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { meQueryKey } from './get-me';

export const googleStatusKey = [...meQueryKey, 'google'] as const;

/** GET /api/me/google/ → whether Google is offered here, and whether the account connected it. */
export function getGoogleStatus(signal?: AbortSignal): Promise<TGoogleStatus> {
  return call(googleApi.status, { signal });
}

export function useGoogleStatus() {
  return useQuery({
    queryKey: googleStatusKey,
    queryFn: ({ signal }) => getGoogleStatus(signal),
    staleTime: 0,
  });
}

/** GET /api/me/google/connect/ → {url}: the browser leaves for Google's consent screen. */
export function useConnectGoogle() {
  return useMutation({
    mutationKey: ['auth', 'me', 'google', 'connect'],
    mutationFn: async () => {
      const { url } = await call(googleApi.connect, {});
      window.location.assign(url);
    },
  });
}

/** DELETE /api/me/google/ → {message}: revoked at Google, then forgotten. */
export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'me', 'google', 'disconnect'],
    mutationFn: () => call(googleApi.disconnect, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: googleStatusKey }),
  });
}
