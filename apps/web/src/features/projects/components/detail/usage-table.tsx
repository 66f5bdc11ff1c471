import type { TUsageEntry } from '@cityforge/shared';
import { usageCostLabel, usageCostTotal } from '../../../../lib/cost';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { callTypeLabel, outputModeLabel, usageTotals } from '../../project-rules';

const th = 'px-3 py-2 font-medium';
const td = 'px-3 py-2 whitespace-nowrap';

/** AI usage in tokens and dollars, one row per call with a total row (superusers only). */
export function UsageTable({ usage, label }: { usage: readonly TUsageEntry[]; label: string }) {
  if (usage.length === 0) return <p className="text-sm text-zinc-500">No AI usage recorded yet.</p>;
  const total = usageTotals(usage);
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200">
      <table className="w-full min-w-[46rem] text-left text-xs" aria-label={label}>
        <thead className="bg-zinc-50 text-zinc-500">
          <tr>
            <th className={th}>Call</th>
            <th className={th}>Model</th>
            <th className={th}>Output</th>
            <th className={`${th} text-right`}>Prompt</th>
            <th className={`${th} text-right`}>Completion</th>
            <th className={`${th} text-right`}>Total</th>
            <th className={`${th} text-right`}>Cost</th>
            <th className={th}>When</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 tabular-nums">
          {usage.map((u, i) => (
            <tr key={`${u.createdAt}-${i}`}>
              <td className={td}>{callTypeLabel(u.callType)}</td>
              <td className={td}>{u.model}</td>
              <td className={td}>{outputModeLabel(u.outputMode)}</td>
              <td className={`${td} text-right`}>{formatNumber(u.promptTokens)}</td>
              <td className={`${td} text-right`}>{formatNumber(u.completionTokens)}</td>
              <td className={`${td} text-right`}>{formatNumber(u.totalTokens)}</td>
              <td className={`${td} text-right`}>{usageCostLabel(u)}</td>
              <td className={`${td} text-zinc-500`}>{formatDateTime(u.createdAt)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-zinc-50 font-semibold tabular-nums">
          <tr>
            <td className={td} colSpan={3}>
              Total
            </td>
            <td className={`${td} text-right`}>{formatNumber(total.promptTokens)}</td>
            <td className={`${td} text-right`}>{formatNumber(total.completionTokens)}</td>
            <td className={`${td} text-right`}>{formatNumber(total.totalTokens)}</td>
            <td className={`${td} text-right`}>{usageCostTotal(usage)}</td>
            <td className={td} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
