import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointPath, generationApi } from '@cityforge/shared';
import { eventStreams } from '../../../lib/api-events';
import { throttle } from '../../../lib/throttle';
import { projectKeys } from '../../../lib/project-cache';

/** At most one detail refetch per this many ms, however fast pages finish. */
export const EVENTS_REFETCH_MS = 500;

// Which projects have a connected event stream, counted per subscriber. A store outside React
// lets the detail query switch its polling off without the screen threading a flag through
// (the query is read before the stream hook, which needs the project's status).
const connected = new Map<string, number>();
const listeners = new Set<() => void>();

function setConnected(projectId: string, delta: 1 | -1): void {
  const next = (connected.get(projectId) ?? 0) + delta;
  if (next > 0) connected.set(projectId, next);
  else connected.delete(projectId);
  for (const listener of [...listeners]) listener();
}

function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a live event stream is currently connected for the project. */
export function useProjectLive(projectId: string): boolean {
  return useSyncExternalStore(
    subscribeLive,
    () => connected.has(projectId),
    () => false,
  );
}

/**
 * GET /api/projects/{id}/events/ while `enabled` (the project is In progress): every `change`
 * refetches the project detail, throttled. Reconnects with backoff when the stream ends
 * (server restart) or breaks; meanwhile the detail's 5-s polling covers the gap. Returns
 * whether the stream is connected right now.
 */
export function useProjectEvents(projectId: string, enabled: boolean): { connected: boolean } {
  const queryClient = useQueryClient();
  const live = useProjectLive(projectId);

  useEffect(() => {
    if (!enabled || !projectId) return;
    const controller = new AbortController();
    const refetch = throttle(() => {
      // The city tree refreshes its open counties when the detail it gets has changed.
      void queryClient.invalidateQueries({ queryKey: projectKeys.lean(projectId) });
    }, EVENTS_REFETCH_MS);
    let open = false;
    const close = () => {
      if (!open) return;
      open = false;
      setConnected(projectId, -1);
    };

    void eventStreams.subscribe(endpointPath(generationApi.events.path, { id: projectId }), {
      signal: controller.signal,
      onOpen: () => {
        open = true;
        setConnected(projectId, 1);
        // Changes made between the last fetch and this subscription were never announced.
        refetch();
      },
      onMessage: (message) => {
        if (message.event === 'change') refetch();
      },
      onClose: close,
    });

    return () => {
      controller.abort();
      refetch.cancel();
      close();
    };
  }, [enabled, projectId, queryClient]);

  return { connected: enabled && live };
}
