import type { ChatMessage } from '../ai/index.ts';

/**
 * Identical for every call, so providers can cache it; what varies (the page, the fragment,
 * the user's wish) comes after it, the user's instruction last where models weigh it most.
 */
export const REGENERATE_SYSTEM_PROMPT = [
  'You edit one part of a page of a local business website.',
  'You receive the page context, an HTML fragment of the page and an instruction from the site owner.',
  'Rewrite ONLY that fragment so that it follows the instruction. Rules:',
  '- Keep the same root element (the same tag) and keep the class names the site theme uses, on the root and inside; reuse them for new elements of the same kind.',
  '- Keep every link (href) unless the instruction asks to change it.',
  '- Write well-formed HTML: every element closed and properly nested.',
  '- No <script>, no <style>, no inline event handlers (onclick and the like), no iframes, no javascript: URLs.',
  '- Keep facts the instruction does not ask to change; never invent addresses, prices, licences, awards or reviews.',
  '- Write for people: plain, specific, natural wording, no keyword stuffing.',
  'Answer with a JSON object only, in this shape: {"html": "<the rewritten fragment>"}',
].join('\n');

export type RegenerateContext = {
  businessName: string;
  serviceType: string;
  /** The page's name; for a city page, "City, ST". */
  pageName: string;
  pageKind: 'homepage' | 'main' | 'service' | 'city' | 'service-city';
};

const KIND_LABEL: Record<RegenerateContext['pageKind'], string> = {
  homepage: 'the homepage',
  main: 'a main page',
  service: 'a service page',
  city: 'a city page',
  'service-city': 'a page about one service in one city',
};

export function regenerateMessages(
  context: RegenerateContext,
  fragment: string,
  instruction: string,
): ChatMessage[] {
  const user = [
    `Business: ${context.businessName}`,
    `Service type: ${context.serviceType}`,
    `Page: ${context.pageName} (${KIND_LABEL[context.pageKind]})`,
    '',
    'HTML fragment to rewrite:',
    fragment,
    '',
    `Instruction: ${instruction}`,
  ].join('\n');
  return [
    { role: 'system', content: REGENERATE_SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}
