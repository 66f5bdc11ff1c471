import http from 'node:http';
import https from 'node:https';
import { SILENT } from './netlify-errors.ts';
import { paceRequest, type NetlifyPaces } from './netlify-pace.ts';

// One agent per pace and deadline: keep-alive sockets shared by a process's calls.
const agents = new WeakMap<object, Map<string, http.Agent>>();
const UNPACED = {};
// Idle in the pool, a socket lives as long as in Node's default agent (5 s): servers close
// idle keep-alive connections themselves, and reusing one they closed fails the call.
const IDLE_SOCKET_MS = 5_000;

// An http.Agent's request entry point: not in Node's typings, stable since Node 0.x. Every
// request of the official client passes here, its own retries of a 429 included.
type AddRequest = (req: http.ClientRequest, ...rest: unknown[]) => void;

/**
 * Node's keep-alive agent, with two things on every request it carries: a silence deadline
 * (no byte either way for `timeoutMs` cuts the request, which the client then retries like a
 * dropped connection; the official client has no timeout of its own), and, with `paces`, the
 * wait for its token's pace (netlify-pace.ts). An agent, not an abort signal: the client leaves
 * a 429's body unread while it waits, and node-fetch turns a later abort into an error on that
 * body that nobody listens to (a crash).
 */
export function agentFor(protocol: string, timeoutMs: number, paces?: NetlifyPaces): http.Agent {
  const key = `${protocol}${timeoutMs}`;
  let own = agents.get(paces ?? UNPACED);
  if (!own) agents.set(paces ?? UNPACED, (own = new Map()));
  let agent = own.get(key);
  if (agent) return agent;
  const options = { keepAlive: true, timeout: Math.min(IDLE_SOCKET_MS, timeoutMs) };
  agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  const target = agent as unknown as { addRequest: AddRequest };
  const add = target.addRequest.bind(agent);
  target.addRequest = (req, ...rest) => {
    // Armed once the request has its socket (a request waiting for its pace has none yet).
    req.setTimeout(timeoutMs, () =>
      req.destroy(Object.assign(new Error('Netlify went silent'), { code: SILENT })),
    );
    const paced = paces && paceRequest(paces, req);
    if (paced) void paced.then(() => add(req, ...rest));
    else add(req, ...rest);
  };
  own.set(key, agent);
  return agent;
}
