import { api } from './api';
import { createEventStreams } from './event-stream';
import { tokenStore } from './token-store';

/** The app's event streams: same origin, the API client's tokens and its shared refresh. */
export const eventStreams = createEventStreams({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  refresh: () => api.refresh(),
  baseUrl: '',
});
