import { Download } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast';
import { FactColumnsHint } from '../../../../components/upload/fact-columns-hint';
import { useDownloadSample } from '../../api/download-sample';
import type { SampleType } from '../../api/download-sample';

/** "Download Sample": the spreadsheet layout the upload expects, as Excel or CSV. */
export function SampleDownload() {
  const sample = useDownloadSample();

  async function download(type: SampleType) {
    try {
      await sample.mutateAsync(type);
      toast.success(MSG.sampleDownloaded);
    } catch (error) {
      console.error(MSG.sampleDownloadFailed, error);
      toast.error(MSG.sampleDownloadFailed);
    }
  }

  const busy = (type: SampleType) => sample.isPending && sample.variables === type;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2">
      <div className="min-w-0 space-y-0.5 text-xs text-zinc-600">
        <p>Not sure about the columns? Start from the sample: City, State, County, ZIP.</p>
        <FactColumnsHint />
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Download Sample">
        {(['xlsx', 'csv'] as const).map((type) => (
          <Button
            key={type}
            size="sm"
            variant="outline"
            loading={busy(type)}
            disabled={sample.isPending}
            icon={<Download className="size-3.5" aria-hidden="true" />}
            onClick={() => void download(type)}
          >
            {type === 'xlsx' ? 'Download Sample (Excel)' : 'Download Sample (CSV)'}
          </Button>
        ))}
      </div>
    </div>
  );
}
