/**
 * The services a project's site lists: the owner's own list from the prompt, else a known
 * trade's usual services, else patterns built from the service type.
 */

import { SERVICE_DESCRIPTIONS } from './phrases/site-pages.ts';
import { ACTIVITY_SERVICES, GENERIC_SERVICES } from './phrases/trades.ts';
import { BULLET, SERVICES } from './brief.ts';
import { item, lower, pick, sentence, titleCase, type OfflineItem } from './text.ts';
import { tradeFor, tradeWords, type OfflineProject } from './voice.ts';

export type OfflineService = OfflineItem;
type Item = OfflineItem;

function splitTitle(raw: string): Item | null {
  // The prompt is user text of up to 20,000 characters: a trailing-run pattern may only start
  // where a run starts (the lookbehind), or it rescans the run from each of its characters.
  const text = raw
    .replace(BULLET, '')
    .replace(/(?<![.;])[.;]+$/, '')
    .trim();
  if (!text) return null;
  const m = /^(.{2,80}?)\s*(?::|\s[–—-]\s)\s*(.+)$/.exec(text);
  return {
    title: titleCase((m?.[1] ?? text).slice(0, 100)),
    description: m?.[2] ? sentence(m[2]) : '',
  };
}

function servicesFromPrompt(prompt: string): Item[] {
  const lines = prompt.split('\n');
  const inline = lines.map((l) => SERVICES.exec(l)?.[1]?.trim()).find(Boolean);
  if (inline) {
    const parts = inline
      .replace(/\.$/, '')
      .split(/[,;]/)
      .map((part) => part.trim());
    // Only the last part of a real list is split on "and" ("a, b and c"), so a lone
    // "heating and cooling" stays one service.
    const tail =
      parts.length > 1
        ? parts
            .pop()!
            .replace(/^and\s+/i, '')
            .split(/(?<!\s)\s+and\s+/i)
        : [];
    return [...parts, ...tail].map(splitTitle).filter((x): x is Item => x !== null);
  }
  // A "Services:" heading scopes the bullets; without one, every bullet is taken as a service.
  const header = lines.findIndex((l) => SERVICES.test(l));
  const scope = header >= 0 ? lines.slice(header + 1) : lines;
  const bullets: string[] = [];
  for (const line of scope) {
    if (BULLET.test(line)) bullets.push(line);
    else if (header >= 0 && line.trim() && bullets.length > 0) break;
  }
  return bullets.map(splitTitle).filter((x): x is Item => x !== null);
}

export function describeService(title: string, name: string): string {
  return pick(SERVICE_DESCRIPTIONS(title, lower(title), name), title, 'describe');
}

/**
 * The project's services: the prompt's own list when it has one (bullets or "Services: a, b"),
 * otherwise a known trade's usual services, otherwise patterns built from the service type.
 */
export function offlineServices(
  project: Pick<OfflineProject, 'name' | 'serviceType' | 'prompt'>,
): OfflineService[] {
  const fromPrompt = servicesFromPrompt(project.prompt).slice(0, 12);
  if (fromPrompt.length > 0) {
    return fromPrompt.map((s) => ({
      title: s.title,
      description: s.description || describeService(s.title, project.name.trim()),
    }));
  }
  const known = tradeFor(project.serviceType);
  if (known) return known.services.map(item);
  const { trade, tradeTitle } = tradeWords(project.serviceType);
  const activity = /(ing|care|control|removal|design|services)$/i.test(tradeTitle);
  return (activity ? ACTIVITY_SERVICES : GENERIC_SERVICES).map((line) =>
    item(line.replaceAll('{T}', tradeTitle).replaceAll('{t}', trade)),
  );
}
