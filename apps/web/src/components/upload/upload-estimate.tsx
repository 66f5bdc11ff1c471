import { useEffect, useState } from 'react';
import type { ProjectService, TServicePagesSetting } from '@cityforge/shared';
import { RunEstimate } from '../estimate/run-estimate';
import type { RunPart } from '../../lib/ai-estimate';
import { offeredPairs, servicesCells, uploadRows } from '../../lib/sheet-rows';

const count = (n: number, kind: string) =>
  `${n.toLocaleString('en-US')} ${kind} ${n === 1 ? 'page' : 'pages'}`;

/** The project's service-city pages setting and its services, when the setting is on. */
export type UploadServicePages = { setting: TServicePagesSetting; services: ProjectService[] };

/** What the chosen files hold: CSV rows, and the service-city pages their Services cells make. */
function useSheetCounts(files: readonly File[], servicePages: UploadServicePages | undefined) {
  const [counts, setCounts] = useState<{ rows: number | null; pairs: number | null }>({
    rows: null,
    pairs: null,
  });
  useEffect(() => {
    let current = true;
    setCounts({ rows: null, pairs: null });
    void Promise.all([uploadRows(files), servicePages ? servicesCells(files) : null])
      .then(([rows, cells]) => {
        const pairs =
          cells && servicePages
            ? offeredPairs(cells, servicePages.setting, servicePages.services)
            : null;
        if (current) setCounts({ rows, pairs });
      })
      .catch(() => current && setCounts({ rows: null, pairs: null }));
    return () => {
      current = false;
    };
  }, [files, servicePages]);
  return counts;
}

/**
 * The cost of the pages an upload will write: a city page per row of a CSV, counted here, and,
 * with service-city pages on and a Services column, a page per service each row offers; for a
 * workbook (or before a file is chosen) the price of one city page.
 */
export function UploadEstimate({
  files,
  model,
  project,
  servicePages,
}: {
  files: readonly File[];
  model: string;
  project?: string | undefined;
  /** Given when the project makes service-city pages. */
  servicePages?: UploadServicePages | undefined;
}) {
  const { rows, pairs } = useSheetCounts(files, servicePages);
  const counted = rows !== null && rows > 0;
  const parts: RunPart[] = [{ kind: 'city', pages: counted ? rows : 1 }];
  let what = counted ? count(rows, 'city') : 'each city page';
  if (counted && pairs) {
    parts.push({ kind: 'service-city', pages: pairs });
    what = `${what} and ${count(pairs, 'service')}`;
  }
  return (
    <div className="space-y-1">
      <RunEstimate model={model} project={project} parts={parts} what={what} />
      {counted && pairs !== null ? (
        <p className="text-xs text-zinc-600" data-testid="upload-service-pages">
          {pairs
            ? `The Services column makes ${count(pairs, 'service')} (one per service a place offers); each counts as a page of your monthly allowance.`
            : 'The Services column names none of the services this project makes pages for.'}
        </p>
      ) : null}
    </div>
  );
}
