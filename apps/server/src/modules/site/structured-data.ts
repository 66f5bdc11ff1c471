import { absoluteUrl, pagePath, type Crumb, type PageRef } from './paths.ts';
import type { Faq } from './render-content.ts';

export type StructuredDataInput = {
  project: { name: string; contactPhoneNumber: string; email: string; serviceType?: string };
  page: PageRef;
  description: string;
  siteUrl?: string;
  faqs: Faq[];
  breadcrumbs: Crumb[];
  areaServed?: string[];
  /** The site path of the photo the page shows (a city's place photo), its `image`. */
  image?: string | null;
};

type JsonObject = { [key: string]: unknown };

/** Drops empty values: structured data must state only what the project really has. */
function compact(obj: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(obj).filter(([, v]) => v !== undefined && v !== '' && !isEmptyArray(v)),
  );
}

function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

function business(input: StructuredDataInput, withContext: boolean): JsonObject {
  const { project, siteUrl, areaServed } = input;
  // No address, ever: a business address the owner never entered would be a fabrication.
  return compact({
    ...(withContext ? { '@context': 'https://schema.org' } : {}),
    '@type': 'LocalBusiness',
    name: project.name,
    telephone: project.contactPhoneNumber.trim(),
    email: project.email.trim(),
    url: siteUrl ? absoluteUrl(siteUrl, '/') : undefined,
    areaServed: areaServed?.length ? areaServed : undefined,
  });
}

/**
 * The JSON-LD objects for one page, each a complete document with its own @context. Never a
 * Review or AggregateRating: Google calls a business's markup of praise of itself
 * self-serving, so its customers' quotes are shown on the page and nothing more
 * (site.honest-markup.test.ts reads every page of a built site for it).
 */
export function structuredData(input: StructuredDataInput): JsonObject[] {
  const { page, siteUrl, description } = input;
  const url = (path: string) => (siteUrl ? absoluteUrl(siteUrl, path) : path);
  const out: JsonObject[] = [];
  if (page.kind === 'homepage') {
    out.push(compact({ ...business(input, true), description }));
  }
  if (page.kind === 'service' || page.kind === 'city' || page.kind === 'service-city') {
    // A city page offers the business's service in that city; a service-city page one
    // service there (its name says both).
    const name =
      page.kind === 'city'
        ? `${input.project.serviceType || input.project.name} in ${page.name}`
        : page.name;
    const serviceType =
      page.kind === 'city'
        ? input.project.serviceType
        : page.kind === 'service-city'
          ? page.service
          : page.name;
    out.push(
      compact({
        '@context': 'https://schema.org',
        '@type': 'Service',
        name,
        serviceType,
        description,
        url: siteUrl ? url(pagePath(page)) : undefined,
        image: input.image ? url(input.image) : undefined,
        provider: business(input, false),
        areaServed: input.areaServed?.length ? input.areaServed : undefined,
      }),
    );
  }
  if (page.kind !== 'homepage' && input.breadcrumbs.length > 0) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumbs.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.name,
        item: url(crumb.href),
      })),
    });
  }
  if (input.faqs.length > 0) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: input.faqs.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    });
  }
  return out;
}

/**
 * Model and user text end up inside a <script> element, where "</script>" or "<!--" would
 * end or corrupt it; escaping <, > and & as JSON unicode escapes keeps the JSON identical.
 */
export function jsonLdScript(data: JsonObject): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}
