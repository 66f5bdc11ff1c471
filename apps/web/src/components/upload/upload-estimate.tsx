import { useEffect, useState } from 'react';
import { RunEstimate } from '../estimate/run-estimate';
import { uploadRows } from '../../lib/sheet-rows';

const cityPages = (n: number) => `${n.toLocaleString('en-US')} city ${n === 1 ? 'page' : 'pages'}`;

/**
 * The cost of the city pages an upload will write: one per row of a CSV, counted here; for a
 * workbook (or before a file is chosen) the price of one city page.
 */
export function UploadEstimate({
  files,
  model,
  project,
}: {
  files: readonly File[];
  model: string;
  project?: string | undefined;
}) {
  const [rows, setRows] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    setRows(null);
    void uploadRows(files)
      .then((n) => current && setRows(n))
      .catch(() => current && setRows(null));
    return () => {
      current = false;
    };
  }, [files]);
  const counted = rows !== null && rows > 0;
  return (
    <RunEstimate
      model={model}
      project={project}
      parts={[{ kind: 'city', pages: counted ? rows : 1 }]}
      what={counted ? cityPages(rows) : 'each city page'}
    />
  );
}
