import { useState } from 'react';
import type { ReactNode } from 'react';
import type { RunPart } from '../../lib/ai-estimate';
import { RunEstimate } from '../estimate/run-estimate';
import { Button } from '../ui/button';
import type { ButtonVariant } from '../ui/button';
import { ReplaceEditsTick } from './replace-edits-tick';

/**
 * A button that writes a project's city pages (and service-city pages) again, its "Replace my
 * edits too" tick (handed to `onRun`), and what writing those `parts` costs.
 */
export function CityRewriteAction({
  label,
  icon,
  variant,
  busy,
  onRun,
  model,
  projectId,
  parts,
  what,
}: {
  label: ReactNode;
  icon: ReactNode;
  variant?: ButtonVariant;
  busy: boolean;
  onRun: (replaceEdits: boolean) => void;
  model: string;
  projectId: string;
  parts: readonly RunPart[];
  what: string;
}) {
  const [replaceEdits, setReplaceEdits] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        loading={busy}
        icon={icon}
        onClick={() => onRun(replaceEdits)}
      >
        {label}
      </Button>
      <ReplaceEditsTick
        checked={replaceEdits}
        onChange={setReplaceEdits}
        disabled={busy}
        className="text-xs"
      />
      <RunEstimate
        model={model}
        project={projectId}
        parts={parts}
        what={what}
        className="text-xs"
      />
    </>
  );
}
