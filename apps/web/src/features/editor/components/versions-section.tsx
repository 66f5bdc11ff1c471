import { History } from 'lucide-react';
import type { TPageVersion } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { versionDate } from '../editor-rules';
import { PanelSection } from './panel-section';

/** The page's saved versions in the order the server returns them (newest first). */
export function VersionsSection({
  versions,
  loadingId,
  onLoad,
}: {
  versions: TPageVersion[];
  /** The version being loaded, if any: its button spins and the others wait. */
  loadingId: string | null;
  onLoad: (version: TPageVersion) => void;
}) {
  return (
    <PanelSection title="Versions" icon={<History />}>
      {versions.length === 0 ? (
        <p className="text-xs text-zinc-500">
          No versions yet. Each save keeps the page as it was, so you can load it back here.
        </p>
      ) : (
        <ol
          className="divide-y divide-zinc-100 rounded-lg border border-zinc-200"
          data-testid="versions"
        >
          {versions.map((version) => (
            <li key={version.id} className="flex items-center gap-3 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-800">{version.name}</p>
                <p className="text-xs text-zinc-500">
                  <time dateTime={version.created_at}>{versionDate(version.created_at)}</time>
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                loading={loadingId === version.id}
                disabled={loadingId !== null && loadingId !== version.id}
                aria-label={`Load version ${version.name}`}
                onClick={() => onLoad(version)}
              >
                Load
              </Button>
            </li>
          ))}
        </ol>
      )}
    </PanelSection>
  );
}
