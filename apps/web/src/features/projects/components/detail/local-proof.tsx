import { Download, RefreshCw, ShieldCheck } from 'lucide-react';
import { isInProgress, MSG } from '@cityforge/shared';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { CityRewriteAction } from '../../../../components/regeneration/city-rewrite-action';
import { Button } from '../../../../components/ui/button';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { useExportCities, type ExportFormat } from '../../api/export-cities';
import { useRewriteChanged } from '../../api/rewrite-changed';
import { proofLine, rewriteLabel } from '../../facts-form';

/**
 * Writes again the city pages (and their service pages) whose facts changed after they were
 * written, priced first.
 */
function RewriteChangedButton({ project }: { project: TLeanProjectDetail }) {
  const rewrite = useRewriteChanged(project.id);
  const cities = project.factsChangedCities;
  const services = project.factsChangedServicePages;
  const count = cities + services;
  async function run(replaceEdits: boolean) {
    try {
      const answer = await rewrite.mutateAsync({ replaceEdits });
      toast.success(answer.message, { message: '' });
    } catch (error) {
      toast.error(MSG.rewriteChangedFailed, { message: errorMessage(error, '') });
    }
  }
  const pages = `${count} changed ${count === 1 ? 'page' : 'pages'}`;
  return (
    <div className="flex flex-col items-start gap-1">
      <CityRewriteAction
        label={rewriteLabel(count)}
        icon={<RefreshCw className="size-3.5" aria-hidden="true" />}
        busy={rewrite.isPending}
        onRun={(replaceEdits) => void run(replaceEdits)}
        model={project.model}
        projectId={project.id}
        parts={(
          [
            { kind: 'city', pages: cities },
            { kind: 'service-city', pages: services },
          ] as const
        ).filter((p) => p.pages > 0)}
        what={pages}
      />
    </div>
  );
}

/** The project's places as a sheet to fill in and upload again. */
function ExportButtons({ projectId }: { projectId: string }) {
  const exporter = useExportCities(projectId);
  async function download(format: ExportFormat) {
    try {
      await exporter.mutateAsync(format);
      toast.success(MSG.exportDownloaded);
    } catch (error) {
      console.error(MSG.exportFailed, error);
      toast.error(MSG.exportFailed);
    }
  }
  const busy = (format: ExportFormat) => exporter.isPending && exporter.variables === format;
  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label="Export cities">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="sm"
          variant="outline"
          loading={busy(format)}
          disabled={exporter.isPending}
          icon={<Download className="size-3.5" aria-hidden="true" />}
          onClick={() => void download(format)}
        >
          {format === 'csv' ? 'Export CSV' : 'Export Excel'}
        </Button>
      ))}
    </div>
  );
}

/**
 * How many city pages carry first-hand facts, the rewrite of the pages whose facts changed,
 * and the export an agency fills in with its facts and uploads again.
 */
export function LocalProof({ project }: { project: TLeanProjectDetail }) {
  const total = project.totalCities;
  const withFacts = project.citiesWithFacts;
  const share = total ? Math.round((withFacts / total) * 100) : 0;
  const changed = project.factsChangedCities + project.factsChangedServicePages;
  const rewritable = changed > 0 && !isInProgress(project.status);
  return (
    <section
      aria-label="Local proof"
      className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50/70 px-3 py-3 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-1.5">
        <p className="flex items-center gap-1.5 text-sm font-medium text-zinc-900">
          <ShieldCheck className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span data-testid="local-proof-count">{proofLine(withFacts, total)}</span>
        </p>
        <ProgressBar
          percent={share}
          aria-label="City pages with local proof"
          className="h-1.5 w-48 max-w-full bg-zinc-200"
        />
        <p className="text-xs text-zinc-600">
          Add facts per city with its Facts button, or export the list, fill in the blank cells and
          upload it again.
        </p>
        {rewritable ? <RewriteChangedButton project={project} /> : null}
      </div>
      <ExportButtons projectId={project.id} />
    </section>
  );
}
