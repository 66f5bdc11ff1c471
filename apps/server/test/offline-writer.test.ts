import { pick } from '../src/modules/generation/offline/text.ts';
import { describe, expect, it } from 'vitest';
import { ZPageContent, type TPageContent, type TSection } from '../src/modules/pages/content.ts';
import {
  offlineServices,
  writeOfflineContent,
  type OfflinePage,
  type OfflineProject,
} from '../src/modules/generation/offline/index.ts';

const project: OfflineProject = {
  name: 'Bright Spark Electric',
  serviceType: 'Electrician',
  prompt: [
    'Family-run electricians serving Austin homeowners since the day we opened.',
    'Write a friendly website that emphasises our fast response.',
    'Services:',
    '- panel upgrades',
    '- EV charger installation: Level 2 home chargers fitted on a dedicated circuit',
    '* Lighting repair',
    '• smart home wiring',
  ].join('\n'),
  contactPhoneNumber: '(512) 555-0100',
  email: 'hello@brightspark.test',
};

const page = (kind: OfflinePage['kind'], name: string, slug: string, prompt = ''): OfflinePage => ({
  kind,
  name,
  slug,
  prompt,
});

const PAGES: OfflinePage[] = [
  page('homepage', 'Homepage', 'homepage'),
  page('main', 'About Us', 'about-us'),
  page('main', 'Contact Us', 'contact-us'),
  page('main', 'Services', 'services'),
  page('main', 'Pricing', 'pricing', 'How we price jobs and what a quote includes.'),
  page('service', 'Panel Upgrades', 'panel-upgrades'),
  page('service', 'Lighting Repair', 'lighting-repair', 'Lights that flicker or fail, fixed.'),
];

function sectionOf<T extends TSection['type']>(content: TPageContent, type: T) {
  const found = content.sections.find((s): s is Extract<TSection, { type: T }> => s.type === type);
  if (!found) throw new Error(`no ${type} section`);
  return found;
}

/** Every piece of visible text of a page, to search it as a visitor would read it. */
function text(content: TPageContent): string {
  return JSON.stringify(content);
}

describe('writeOfflineContent', () => {
  it.each(PAGES)('writes a complete $kind page ($slug) that passes the schema', (p) => {
    const content = ZPageContent.parse(writeOfflineContent(project, p));
    const all = text(content);
    expect(all).toContain('Bright Spark Electric');
    expect(all).toContain('(512) 555-0100');
    expect(all).not.toMatch(/undefined|null|\{t\}|\{T\}|lorem/i);
    expect(content.sections.length).toBeGreaterThanOrEqual(4);
    expect(content.sections.at(-1)!.type).toBe('cta');
    expect(content.sections.some((s) => s.type === 'faq')).toBe(true);
  });

  it('writes the homepage with about, exactly the services, benefits, process, FAQs and a CTA', () => {
    const content = writeOfflineContent(project, PAGES[0]!);
    expect(content.sections.map((s) => s.type)).toEqual([
      'text',
      'services',
      'benefits',
      'process',
      'faq',
      'cta',
    ]);
    expect(sectionOf(content, 'text').paragraphs).toHaveLength(2);
    expect(sectionOf(content, 'services').items).toEqual(offlineServices(project));
    expect(sectionOf(content, 'benefits').items).toHaveLength(4);
    expect(sectionOf(content, 'process').steps.length).toBeGreaterThanOrEqual(3);
    expect(sectionOf(content, 'faq').items.length).toBeGreaterThanOrEqual(4);
    // The brief's statements about the business are used; its instructions to a model are not.
    expect(text(content)).toContain('Family-run electricians serving Austin homeowners');
    expect(text(content)).not.toContain('Write a friendly website');
  });

  it('writes service pages about their own service, varied beyond the name', () => {
    const a = writeOfflineContent(project, page('service', 'Panel Upgrades', 'panel-upgrades'));
    const b = writeOfflineContent(project, page('service', 'Lighting Repair', 'lighting-repair'));
    expect(a.hero.heading).toContain('Panel Upgrades');
    for (const f of sectionOf(a, 'faq').items) expect(f.question).toContain('panel upgrades');
    const neutral = (c: TPageContent, name: string) =>
      text(c).replaceAll(name, 'X').replaceAll(name.toLowerCase(), 'x');
    expect(neutral(a, 'Panel Upgrades')).not.toBe(neutral(b, 'Lighting Repair'));
    expect(text(a)).not.toBe(text(b));
  });

  it('gives different main pages different text', () => {
    const about = text(writeOfflineContent(project, PAGES[1]!));
    const contact = text(writeOfflineContent(project, PAGES[2]!));
    const reviews = text(writeOfflineContent(project, page('main', 'Reviews', 'reviews')));
    const gallery = text(writeOfflineContent(project, page('main', 'Gallery', 'gallery')));
    expect(new Set([about, contact, reviews, gallery]).size).toBe(4);
    expect(contact).toContain('hello@brightspark.test');
    expect(contact).toContain('What to Have Ready');
  });

  it('is deterministic for equal input', () => {
    for (const p of PAGES) {
      expect(writeOfflineContent({ ...project }, { ...p })).toEqual(
        writeOfflineContent(project, p),
      );
    }
  });

  it('writes valid pages without a phone, an e-mail or a brief, and for very long names', () => {
    const bare = { ...project, prompt: '', contactPhoneNumber: '', email: '' };
    for (const p of PAGES) {
      const content = ZPageContent.parse(writeOfflineContent(bare, p));
      expect(text(content)).not.toMatch(/Call \.|call \.|undefined/);
    }
    const long = { ...project, name: 'Bright Spark Electric '.repeat(6).trim() };
    for (const p of PAGES)
      expect(() => ZPageContent.parse(writeOfflineContent(long, p))).not.toThrow();
  });
});

describe('offlineServices', () => {
  it('reads a bulleted list from the prompt, keeping given descriptions', () => {
    const services = offlineServices(project);
    expect(services.map((s) => s.title)).toEqual([
      'Panel Upgrades',
      'EV Charger Installation',
      'Lighting Repair',
      'Smart Home Wiring',
    ]);
    expect(services[1]!.description).toBe('Level 2 home chargers fitted on a dedicated circuit.');
    expect(services.every((s) => s.description.length > 20)).toBe(true);
  });

  it('reads a "Services:" comma list', () => {
    const titles = (prompt: string) => offlineServices({ ...project, prompt }).map((s) => s.title);
    expect(
      titles('We keep Dallas cool. Services: AC repair, duct cleaning and furnace tune-ups.'),
    ).toEqual(['AC Repair', 'Duct Cleaning', 'Furnace Tune-ups']);
    expect(titles('Our services: heating and cooling')).toEqual(['Heating and Cooling']);
  });

  it('falls back to the trade, then to patterns built from the service type', () => {
    const plumbing = offlineServices({ ...project, serviceType: 'Plumbing', prompt: '' });
    expect(plumbing.map((s) => s.title)).toContain('Drain Cleaning');
    const fence = offlineServices({ ...project, serviceType: 'Fence Company', prompt: '' });
    expect(fence.map((s) => s.title)).toEqual(
      expect.arrayContaining(['Fence Repair', 'Fence Installation', 'Commercial Fence']),
    );
    for (const list of [plumbing, fence]) {
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('offline choices', () => {
  it('vary independently per salt, so pages of one site do not move in lockstep', () => {
    const options = ['a', 'b', 'c', 'd'];
    const combos = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const seed = `main:page-${i}`;
      combos.add(['hero', 'intro', 'cta', 'faq'].map((salt) => pick(options, seed, salt)).join(''));
    }
    // 4 salts × 4 options: 256 combinations; unmixed FNV-1a reached only 4.
    expect(combos.size).toBeGreaterThan(150);
  });
});
