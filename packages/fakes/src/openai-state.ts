import { textOf } from './openai-content.ts';
import type {
  FakeAiCall,
  FakeAiCompletion,
  FakeAiMessage,
  FakeAiOutcome,
  FakeAiRequest,
  FakeAiUsage,
} from './openai-types.ts';

const tokens = (chars: number) => Math.ceil(chars / 4);

function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * What the fake AI server remembers between requests: the recordings tests read, the scripts
 * and rules that replace normal answers, concurrency peaks and the provider-side prompt cache.
 */
export class AiState {
  readonly requests: FakeAiRequest[] = [];
  readonly completions: FakeAiCompletion[] = [];
  readonly maxConcurrentByKey = new Map<string, number>();
  inFlight = 0;
  maxConcurrent = 0;
  latencyMs: number;
  modelListingStatus = 200;

  private readonly initialLatency: number;
  private readonly inFlightByKey = new Map<string, number>();
  private queue: FakeAiOutcome[] = [];
  private readonly keyQueues = new Map<string, FakeAiOutcome[]>();
  private rules: Array<{ predicate: (call: FakeAiCall) => boolean; outcome: FakeAiOutcome }> = [];
  // Distinct system prompts seen so far: the "provider-side cache" the next call can hit.
  private readonly seenSystemPrompts = new Set<string>();
  private nextRequestId = 1;
  private nextCallIndex = 0;
  private nextCompletionId = 1;
  private readonly waiters = new Set<() => void>();

  constructor(initialLatency: number) {
    this.initialLatency = initialLatency;
    this.latencyMs = initialLatency;
  }

  /** Records an arriving chat request and wakes waitForRequests. */
  arrived(record: Omit<FakeAiRequest, 'id'>): FakeAiRequest {
    const full: FakeAiRequest = { id: this.nextRequestId++, ...record };
    this.requests.push(full);
    this.waiters.forEach((w) => w());
    return full;
  }

  track(key: string, delta: 1 | -1) {
    this.inFlight += delta;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.inFlight);
    const current = (this.inFlightByKey.get(key) ?? 0) + delta;
    this.inFlightByKey.set(key, current);
    this.maxConcurrentByKey.set(key, Math.max(this.maxConcurrentByKey.get(key) ?? 0, current));
  }

  nextOutcome(key: string, call: Omit<FakeAiCall, 'callIndex'>): FakeAiOutcome {
    const own = this.keyQueues.get(key);
    if (own?.length) return own.shift()!;
    if (this.queue.length) return this.queue.shift()!;
    const rule = this.rules.find((r) => r.predicate({ ...call, callIndex: this.nextCallIndex }));
    return rule ? rule.outcome : 'ok';
  }

  /** The index of a call that reaches the responder (scripted failures take none). */
  takeCallIndex(): number {
    return this.nextCallIndex++;
  }

  takeCompletionId(): string {
    return `chatcmpl-fake${this.nextCompletionId++}`;
  }

  private cachedTokensFor(messages: FakeAiMessage[], promptTokens: number): number {
    const system = messages.find((m) => m.role === 'system' || m.role === 'developer');
    if (!system) return 0;
    const text = textOf(system.content);
    let longest = 0;
    for (const seen of this.seenSystemPrompts)
      longest = Math.max(longest, commonPrefixLength(seen, text));
    this.seenSystemPrompts.add(text);
    return Math.min(promptTokens, tokens(longest));
  }

  usageFor(messages: FakeAiMessage[], content: string): FakeAiUsage {
    const promptChars = messages.reduce((sum, m) => sum + textOf(m.content).length, 0);
    const prompt = tokens(promptChars);
    const completion = tokens(content.length);
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: this.cachedTokensFor(messages, prompt) },
      completion_tokens_details: { reasoning_tokens: 0 },
    };
  }

  script(...outcomes: FakeAiOutcome[]) {
    this.queue.push(...outcomes);
  }

  scriptForKey(key: string, ...outcomes: FakeAiOutcome[]) {
    this.keyQueues.set(key, [...(this.keyQueues.get(key) ?? []), ...outcomes]);
  }

  rateLimitFor(n: number, retryAfter = 1) {
    const storm = Array.from({ length: n }, () => ({ status: 429 as const, retryAfter }));
    // "The next n requests": ahead of anything already queued.
    this.queue = [...storm, ...this.queue];
  }

  failWhile(
    predicate: (call: FakeAiCall) => boolean,
    outcome: FakeAiOutcome = { status: 503 },
  ): () => void {
    const rule = { predicate, outcome };
    this.rules.push(rule);
    return () => {
      this.rules = this.rules.filter((r) => r !== rule);
    };
  }

  async waitForRequests(count: number, timeoutMs = 5_000): Promise<FakeAiRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Expected ${count} AI requests, got ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, 200));
        this.waiters.add(done);
      });
    }
    return this.requests.slice(0, count);
  }

  /** Clears recordings, scripts, rules, the prompt cache and peaks; request ids keep counting. */
  reset() {
    this.requests.length = 0;
    this.completions.length = 0;
    this.queue = [];
    this.modelListingStatus = 200;
    this.keyQueues.clear();
    this.rules = [];
    this.seenSystemPrompts.clear();
    this.latencyMs = this.initialLatency;
    this.maxConcurrent = this.inFlight;
    this.maxConcurrentByKey.clear();
    for (const [key, n] of this.inFlightByKey) if (n > 0) this.maxConcurrentByKey.set(key, n);
    this.nextCallIndex = 0;
  }
}
