import { FileSpreadsheet } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';

/**
 * "Upload File to Create City Pages": the upload itself arrives with the Upload issue; until
 * then the dialog says so instead of offering a form that cannot work.
 */
export function CityPagesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Upload File to Create City Pages">
        <div className="mt-4 flex gap-4 rounded-lg border border-dashed border-zinc-300 bg-zinc-50 px-4 py-6">
          <FileSpreadsheet className="size-8 shrink-0 text-brand-500" aria-hidden="true" />
          <p className="text-sm leading-relaxed text-zinc-600" data-testid="city-pages-coming">
            {MSG.cityPagesComingSoon}
          </p>
        </div>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
