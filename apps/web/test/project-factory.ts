import { QUALITY_GATE_DEFAULTS } from '@cityforge/shared';
import type { TLeanCity, TLeanProjectDetail, TProject, TProjectDetail } from '@cityforge/shared';

/** A plain created project; tests override what they look at. */
export function makeProject(over: Partial<TProject> = {}): TProject {
  return {
    id: 'p1',
    name: 'Acme Roofing',
    heldBackCities: 0,
    serviceType: 'Roofing',
    model: 'offline-draft',
    prompt: '',
    contactPhoneNumber: '',
    email: '',
    clientDomain: null,
    isDomainVerified: false,
    createServicePages: false,
    totalCityPages: 0,
    status: 'Created',
    createdAt: '2026-01-05T12:00:00.000Z',
    netlifySiteUrl: null,
    netlifyLink: null,
    netlifySiteUrlHistory: '',
    netlifyUrls: [],
    hasSiteMap: false,
    deployment: null,
    usage: [],
    release: null,
    ...over,
  };
}

const unscored = {
  similarity: null,
  similarTo: null,
  tooSimilar: false,
  factCount: 0,
  servicePages: [],
};

const pageState = {
  status: 'Completed',
  failedAt: null,
  failureReason: null,
  model: { id: 'offline-draft', name: 'Offline draft' },
  usage: [],
};

export function makeDetail(over: Partial<TProjectDetail> = {}): TProjectDetail {
  return {
    ...makeProject(),
    deploymentStatus: null,
    userPrompt: '',
    metaTagsTemplate: '',
    pages: [
      { ...pageState, id: 'home', name: 'Home', slug: 'homepage', prompt: '' },
      {
        ...pageState,
        id: 'about',
        name: 'About',
        slug: 'about-us',
        prompt: '',
        status: 'Error',
        failedAt: '2026-01-05T12:00:00.000Z',
        failureReason: 'Rate limited',
      },
    ],
    servicePages: [{ ...pageState, id: 'svc', name: 'Repairs', slug: 'repairs', prompt: '' }],
    totalCities: 3,
    queuedCities: 1,
    states: [
      {
        id: 'tx',
        name: 'Texas',
        code: 'TX',
        slug: 'texas',
        counties: [
          {
            id: 'harris',
            name: 'Harris',
            slug: 'harris-county',
            cities: [
              {
                ...pageState,
                ...unscored,
                id: 'c1',
                name: 'Houston',
                slug: 'houston',
                zips: ['77001'],
              },
              {
                ...pageState,
                ...unscored,
                id: 'c2',
                name: 'Pasadena',
                slug: 'pasadena',
                zips: [],
                status: 'Error',
                failedAt: '2026-01-05T12:00:00.000Z',
                failureReason: 'Timeout',
              },
            ],
          },
          {
            id: 'travis',
            name: 'Travis',
            slug: 'travis-county',
            cities: [
              {
                ...pageState,
                ...unscored,
                id: 'c3',
                name: 'Austin',
                slug: 'austin',
                zips: [],
                status: 'queued',
              },
            ],
          },
        ],
      },
    ],
    headerLinks: [
      { name: 'Home', link: '/', show: true },
      { name: 'Services', link: '#services', show: true },
      { name: 'About', link: '/about-us', show: false },
    ],
    ...over,
  };
}

const leanCity = (over: Partial<TLeanCity> & Pick<TLeanCity, 'id' | 'name'>): TLeanCity => ({
  servicePages: [],
  status: 'Completed',
  failedAt: null,
  failureReason: null,
  zips: [],
  zipCount: 0,
  similarity: null,
  tooSimilar: false,
  similarToName: null,
  factCount: 0,
  factsChanged: false,
  quality: { verdict: 'passes', reasons: [], localShare: 0.2, wordCount: 640, stuffing: 0 },
  ...over,
});

/** The detail screen's tree of the same project; `inline: false` is a big project's. */
export function makeLeanDetail(
  over: Partial<TLeanProjectDetail> = {},
  { inline = true }: { inline?: boolean } = {},
): TLeanProjectDetail {
  const { states: _states, ...head } = makeDetail();
  const harris = [
    leanCity({ id: 'c1', name: 'Houston', zips: ['77001'], zipCount: 1 }),
    leanCity({
      id: 'c2',
      name: 'Pasadena',
      status: 'Error',
      failedAt: '2026-01-05T12:00:00.000Z',
      failureReason: 'Timeout',
    }),
  ];
  const travis = [leanCity({ id: 'c3', name: 'Austin', status: 'queued' })];
  return {
    ...head,
    similarCities: 0,
    heldBackCities: 0,
    scoringCities: 0,
    failedCities: 0,
    citiesWithFacts: 0,
    factsChangedCities: 0,
    factsChangedServicePages: 0,
    qualityGate: { enabled: true, ...QUALITY_GATE_DEFAULTS, factNames: [] },
    states: [
      {
        id: 'tx',
        name: 'Texas',
        code: 'TX',
        cityCount: 3,
        counties: [
          {
            id: 'harris',
            name: 'Harris',
            cityCount: 2,
            heldCount: 0,
            cities: inline ? harris : null,
          },
          {
            id: 'travis',
            name: 'Travis',
            cityCount: 1,
            heldCount: 0,
            cities: inline ? travis : null,
          },
        ],
      },
    ],
    ...over,
  };
}
