import type { AiClient, CallUsage, ChatMessage } from '../ai/index.ts';
import { estimateUsage, dropNulls, PAGE_JSON_SCHEMA, type OutputMode } from '../ai/index.ts';
import { ZPageContent, type TPageContent } from '../pages/index.ts';
import type { ModelSpec } from '../models/index.ts';
import { writeOfflineCityContent } from './offline/city/writer.ts';
import { writeOfflineContent } from './offline/site/writer.ts';
import { pageMessages, repairMessages, type PromptPage, type PromptProject } from './prompts.ts';
import { unstatedOn, unstatedProblem, withGivenQuotes } from './page-facts.ts';
import type { TCityFact } from '@cityforge/shared';

/** The model answered, but not with usable content even after one repair round. */
export class ContentFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ContentFailure';
  }
}

type Parsed = { ok: true; content: TPageContent } | { ok: false; problem: string };

/** Models sometimes wrap JSON in a code fence or a sentence; take the outermost object. */
export function parseContent(answer: string): Parsed {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return { ok: false, problem: 'the answer is not a JSON object.' };
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch (error) {
    return { ok: false, problem: `the answer is not valid JSON (${(error as Error).message}).` };
  }
  const result = ZPageContent.safeParse(dropNulls(json));
  if (result.success) return { ok: true, content: result.data };
  const issues = result.error.issues
    .slice(0, 4)
    .map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`);
  return { ok: false, problem: `${issues.join('; ')}.` };
}

// A city page without its context cannot happen (the worker always builds one); written as
// a main page it would still be a valid page rather than a crash.
const offlineKind = (kind: PromptPage['kind']) => (kind === 'city' ? 'main' : kind);

export type WriteRequest = {
  project: PromptProject;
  page: PromptPage;
  model: ModelSpec;
  apiKey: string | null;
  /** Called once per model call, as soon as it answered, so no spent token goes unrecorded. */
  recordUsage: (usage: CallUsage, phase: 'write' | 'repair', mode: OutputMode) => Promise<void>;
  signal?: AbortSignal;
  /**
   * Holds one of the worker's call slots while the model (or the offline writer) writes, and
   * only then: the usage record and the repair prompt are written outside it.
   */
  slot?: <T>(task: () => Promise<T>) => Promise<T>;
};

const unslotted = <T>(task: () => Promise<T>) => task();

/** A written page, and the facts of its place it does not state (kept, and scored so). */
export type WrittenContent = { content: TPageContent; unstated: TCityFact[] };

type Read = ({ ok: true } & WrittenContent) | { ok: false; problem: string };

/** An answer as a page of this place: parsed, its quotations the customer's own, its facts checked. */
function readAnswer(answer: string, page: PromptPage): Read {
  const parsed = parseContent(answer);
  if (!parsed.ok) return parsed;
  const facts = page.city?.facts ?? [];
  const content = withGivenQuotes(parsed.content, facts, page.city?.name ?? page.name);
  if (!content.sections.length)
    return { ok: false, problem: 'sections: the page has no sections but invented quotations.' };
  return { ok: true, content, unstated: unstatedOn(content, facts) };
}

/**
 * One page's structured content: the offline writer, or the provider with one repair round
 * when the answer does not validate or leaves out a fact of its place. Models that take
 * structured outputs get the page schema (their answers rarely need the repair); the others
 * JSON mode and the shape in the prompt. A page still without a fact after the repair is kept
 * (the gate scores what it states); one that never validates fails. Provider errors propagate
 * as ProviderError.
 */
export async function writePage(ai: AiClient, req: WriteRequest): Promise<WrittenContent> {
  const messages = pageMessages(req.project, req.page);
  const slot = req.slot ?? unslotted;
  if (req.model.provider === 'offline') {
    const { city } = req.page;
    const content = await slot(async () =>
      city
        ? // A service-city page is written as the business of that one service.
          writeOfflineCityContent(
            city.service ? { ...req.project, serviceType: city.service.name } : req.project,
            city,
          )
        : writeOfflineContent(req.project, { ...req.page, kind: offlineKind(req.page.kind) }),
    );
    await req.recordUsage(estimateUsage(messages, JSON.stringify(content)), 'write', 'offline');
    return { content, unstated: unstatedOn(content, city?.facts ?? []) };
  }
  const mode = await ai.outputMode(req.model);
  const call = async (msgs: ChatMessage[], phase: 'write' | 'repair') => {
    const result = await slot(() =>
      ai.complete({
        provider: req.model.provider as Exclude<ModelSpec['provider'], 'offline'>,
        apiKey: req.apiKey ?? '',
        model: req.model.id,
        messages: msgs,
        signal: req.signal,
        ...(mode === 'json_schema' ? { jsonSchema: PAGE_JSON_SCHEMA } : {}),
      }),
    );
    await req.recordUsage(result.usage, phase, mode);
    return result.text;
  };
  const first = await call(messages, 'write');
  const written = readAnswer(first, req.page);
  if (written.ok && !written.unstated.length) return written;
  const problem = written.ok ? unstatedProblem(written.unstated) : written.problem;
  const second = await call(repairMessages(messages, first, problem), 'repair');
  const repaired = readAnswer(second, req.page);
  // The repair is kept unless it states fewer facts than a usable first answer did.
  if (repaired.ok && (!written.ok || repaired.unstated.length <= written.unstated.length))
    return { content: repaired.content, unstated: repaired.unstated };
  if (written.ok) return { content: written.content, unstated: written.unstated };
  throw new ContentFailure(
    `The model's answer was not usable page content: ${(repaired as { problem: string }).problem}`,
  );
}
