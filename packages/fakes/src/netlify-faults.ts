import type { FakeNetlifyFault, FakeNetlifyRequestInfo } from './netlify-types.ts';

/** A scripted fault or late answer: when it starts, how often it applies, to which requests. */
export type Due = { skip: number; times: number; match: (req: FakeNetlifyRequestInfo) => boolean };
export type Fault = Due & { status: number; resetInSeconds: number };
export type LateAnswer = Due & { ms: number };

export const dueOf = (fault: FakeNetlifyFault): Due => ({
  skip: fault.afterRequests ?? 0,
  times: fault.times,
  match: fault.match ?? (() => true),
});

/** The first of `list` due for this request (counting the skips of all that match); spent ones go. */
export function takeDue<T extends Due>(list: T[], info: FakeNetlifyRequestInfo): T | undefined {
  let due: T | undefined;
  for (const entry of list) {
    if (!entry.match(info)) continue;
    if (entry.skip > 0) entry.skip--;
    else if (!due && entry.times > 0) {
      entry.times--;
      due = entry;
    }
  }
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.times <= 0) list.splice(i, 1);
  return due;
}
