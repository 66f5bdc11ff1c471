import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { MSG, type TLeanCity, type TProjectGate } from '@cityforge/shared';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-errors';
import { useApproveCity } from '../../api/approve-city';
import { heldReasons, VERDICT_LABEL } from '../../quality';

/**
 * A written city page's quality verdict: why the gate holds it back and the one click that
 * publishes it anyway (or takes that back).
 */
export function CityQuality({
  projectId,
  city,
  gate,
}: {
  projectId: string;
  city: TLeanCity;
  gate: TProjectGate;
}) {
  const approve = useApproveCity(projectId);
  const { verdict } = city.quality;
  const held = verdict === 'held';
  // Sameness has its own line on the row, naming the sibling.
  const reasons =
    held || verdict === 'approved'
      ? heldReasons(city, gate, { withSimilar: !city.tooSimilar }).join('; ')
      : '';

  async function set(approved: boolean) {
    try {
      const answer = await approve.mutateAsync({ cityId: city.id, approved });
      toast.success(answer.message, { message: '' });
    } catch (error) {
      toast.error(MSG.approveCityFailed, { message: errorMessage(error, '') });
    }
  }

  return (
    <div
      className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs"
      data-testid="city-quality"
    >
      <Badge
        variant={held ? 'warning' : verdict === 'approved' ? 'info' : 'default'}
        className="font-normal"
        icon={
          held ? (
            <ShieldAlert className="size-3" aria-hidden="true" />
          ) : verdict === 'pending' ? undefined : (
            <ShieldCheck className="size-3" aria-hidden="true" />
          )
        }
      >
        <span data-testid="city-verdict">{VERDICT_LABEL[verdict]}</span>
      </Badge>
      {reasons ? (
        <span className={held ? 'text-amber-800' : 'text-zinc-500'}>{reasons}</span>
      ) : null}
      {held || verdict === 'approved' ? (
        <Button
          size="sm"
          variant={held ? 'outline' : 'ghost'}
          className="h-7 px-2 text-xs"
          loading={approve.isPending}
          aria-label={`${held ? 'Approve' : 'Withdraw approval of'} ${city.name}`}
          onClick={() => void set(held)}
        >
          {held ? 'Approve as it is' : 'Withdraw approval'}
        </Button>
      ) : null}
    </div>
  );
}
