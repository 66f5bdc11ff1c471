import type { Access } from '../projects/index.ts';
import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { PAGE_STATUS, normaliseStatus, qualityVerdict, type TQualityGate } from '@cityforge/shared';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { slugify } from '../../lib/slugify.ts';
import { gateOf } from '../pages/index.ts';
import { EXPORT_HEADERS as H, SERVICE_COLUMN_PREFIX } from './columns.ts';
import { serviceMatcher } from './service-match.ts';
import { csvCell, sheetText } from './csv-cells.ts';
import type { ExportCity, ExportRepo } from './export.repo.ts';
import type { FactsRepo } from './facts.repo.ts';

/** Where a city's page is (or will be) on the live site; the composition root knows the site. */
export type CityPageUrl = (
  project: ProjectRow,
  place: {
    state: { slug: string };
    county: { slug: string };
    city: { slug: string };
    overflow: boolean;
  },
) => string;

type Deps = {
  exportRepo: ExportRepo;
  factsRepo: FactsRepo;
  access: Access;
  cityPageUrl: CityPageUrl;
};

// Facts are read for this many places at a time while the rows go out.
const BATCH = 1000;

/** The project's services and, per place, what its column of each says. */
type ServiceColumns = {
  names: string[];
  cellsOf: (city: ExportCity) => string[];
};

/**
 * One column per service: "Offered · Completed" where the place has the service's page (its
 * status), "Offered" where its Services name it but it has no page (the setting is off, or
 * the service not chosen), empty where it does not offer it.
 */
async function serviceColumns(deps: Deps, projectId: string): Promise<ServiceColumns> {
  const { services, made } = await deps.exportRepo.servicePages(projectId);
  const match = serviceMatcher(services);
  const status = new Map(made.map((m) => [`${m.cityId}|${m.servicePageId}`, m.status]));
  return {
    names: services.map((s) => `${SERVICE_COLUMN_PREFIX}${s.name}`),
    cellsOf(city) {
      const named = new Set((city.services ?? []).map((n) => match(n)?.id));
      return services.map((s) => {
        const page = status.get(`${city.id}|${s.id}`);
        if (page) return `Offered · ${normaliseStatus(page)}`;
        return named.has(s.id) ? 'Offered' : '';
      });
    },
  };
}

/** The export's columns: the place, its page's report (read-only), its own cells, its facts. */
function headerOf(factNames: string[], serviceNames: string[]): string[] {
  return [
    H.city,
    H.displayName,
    H.state,
    H.county,
    H.zip,
    H.slug,
    H.pageUrl,
    H.status,
    H.quality,
    H.qualityReasons,
    H.photo,
    H.pageTitle,
    H.metaDescription,
    H.services,
    ...serviceNames,
    ...factNames,
  ];
}

function rowOf(
  project: ProjectRow,
  gate: TQualityGate,
  city: ExportCity,
  facts: Map<string, string>,
  factKeys: string[],
  deps: Deps,
  services: ServiceColumns,
): string[] {
  const written = city.status === PAGE_STATUS.completed;
  const { verdict, reasons } = written
    ? qualityVerdict({ ...city, approved: city.approvedAt !== null }, gate)
    : { verdict: 'pending', reasons: [] };
  return [
    // A display name stands in for the place's name on the page; the City column keeps the
    // name the place resolves by, so the file finds the same place when it comes back.
    city.placeName ?? city.name,
    city.placeName ? city.name : '',
    city.state.code,
    city.county.name,
    city.zips.join(', '),
    city.slug,
    deps.cityPageUrl(project, { ...city, city }),
    normaliseStatus(city.status),
    verdict,
    reasons.join(', '),
    city.photoUrl ?? '',
    city.pageTitle ?? '',
    city.metaDescription ?? '',
    (city.services ?? []).join(', '),
    ...services.cellsOf(city),
    ...factKeys.map((key) => facts.get(key) ?? ''),
  ];
}

/**
 * Every place of a project as a sheet to fill in and upload again: the place, what its page
 * is (address, status, the quality gate's verdict), its photo and overrides, and one column
 * per fact the project has, in the order its sheets gave them. Uploaded unchanged it changes
 * nothing (the report's columns are read-only, csv-cells.ts keeps every value as it was).
 */
export function createCityExport(deps: Deps) {
  async function* rows(user: UserRow, projectId: string) {
    const project = await deps.access(user, projectId, 'read');
    const names = await deps.factsRepo.namesOf(project.id);
    const keys = names.map((n) => n.key);
    const services = await serviceColumns(deps, project.id);
    yield {
      project,
      row: headerOf(
        names.map((n) => n.name),
        services.names,
      ),
    };
    // The verdict the detail screen shows: pages without proof count once the project has facts.
    const gate = { ...gateOf(project), factNames: names.map((n) => n.name) };
    const cities = await deps.exportRepo.cities(project.id);
    for (let i = 0; i < cities.length; i += BATCH) {
      const batch = cities.slice(i, i + BATCH);
      const facts = await deps.factsRepo.valuesOf(batch.map((c) => c.id));
      for (const city of batch) {
        const own = facts.get(city.id) ?? new Map<string, string>();
        yield { project, row: rowOf(project, gate, city, own, keys, deps, services) };
      }
    }
  }

  return {
    /**
     * A CSV (UTF-8 with a byte-order mark, for Excel) that streams out a batch of places at a
     * time; ownership is checked before the first byte.
     */
    async csv(user: UserRow, projectId: string) {
      const source = rows(user, projectId);
      const first = await source.next();
      if (first.done) throw new Error('the export has no header');
      const { project } = first.value;
      async function* lines() {
        yield `\uFEFF${first.value!.row.map(csvCell).join(',')}\r\n`;
        for await (const { row } of source) yield `${row.map(csvCell).join(',')}\r\n`;
      }
      return {
        filename: `${slugify(project.name) || 'project'}-places.csv`,
        body: Readable.from(lines()),
      };
    },

    /** The same as an .xlsx workbook (built whole: 10,000 places make a few MB). */
    async xlsx(user: UserRow, projectId: string) {
      const table: string[][] = [];
      let project: ProjectRow | undefined;
      for await (const item of rows(user, projectId)) {
        project = item.project;
        table.push(table.length ? item.row.map((v) => sheetText(v, 'xlsx')) : item.row);
      }
      const sheet = XLSX.utils.aoa_to_sheet(table);
      sheet['!cols'] = table[0]!.map((h) => ({ wch: Math.min(40, Math.max(12, h.length + 2)) }));
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Places');
      const body = XLSX.write(book, {
        type: 'buffer',
        bookType: 'xlsx',
        compression: true,
      }) as Buffer;
      return { filename: `${slugify(project!.name) || 'project'}-places.xlsx`, body };
    },
  };
}
export type CityExport = ReturnType<typeof createCityExport>;
