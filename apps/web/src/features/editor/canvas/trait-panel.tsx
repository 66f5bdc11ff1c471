import { useEffect, useState } from 'react';
import type { Trait } from 'grapesjs';
import type { TraitsResultProps } from '@grapesjs/react';
import { controlClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { isUnsafeUrl } from '../sanitize';
import { SidePanelSection } from './side-panel-section';

const URL_TRAITS = new Set(['href', 'src']);

// GrapesJS labels its default traits with their attribute names; these say what they do.
const LABELS: Record<string, string> = {
  id: 'Anchor id',
  title: 'Tooltip',
  href: 'Link address',
  target: 'Opens in',
  alt: 'Alternative text',
  src: 'Image address',
};

/** The trait's value as text; GrapesJS's built-in placeholder image (inline SVG) reads as empty. */
function traitText(trait: Trait): string {
  const value = String(trait.getValue() ?? '');
  return value.startsWith('<svg') ? '' : value;
}

function TraitField({ trait }: { trait: Trait }) {
  const name = trait.getName();
  const id = `trait-${name}`;
  const [value, setValue] = useState<string>(() => traitText(trait));

  // The value also changes outside this field (an image picked in the Asset Manager, undo).
  useEffect(() => {
    const component = trait.target;
    const sync = () => {
      if (document.activeElement?.id !== id) setValue(traitText(trait));
    };
    component.on('change', sync);
    return () => {
      component.off('change', sync);
    };
  }, [trait, id]);
  const [error, setError] = useState<string | null>(null);
  const label = LABELS[name] ?? (trait.getLabel() || name);

  if (trait.getType() === 'checkbox') {
    return (
      <label className="flex items-center gap-2 text-xs text-zinc-700">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          defaultChecked={!!trait.getValue()}
          onChange={(e) => trait.setValue(e.target.checked)}
        />
        {label}
      </label>
    );
  }

  function change(next: string) {
    setValue(next);
    // A script URL would run if the published link were followed: refused, not stored.
    if (URL_TRAITS.has(name) && isUnsafeUrl(next)) {
      setError('Use a web address (https://…), a page path (/…) or a section (#…).');
      return;
    }
    setError(null);
    trait.setValue(next);
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700">
        {label}
      </label>
      {trait.getType() === 'select' ? (
        <select
          id={id}
          value={value}
          onChange={(e) => change(e.target.value)}
          className={cn(controlClasses, 'h-8 text-xs')}
        >
          {trait.getOptions().map((option) => {
            const optionId = trait.getOptionId(option);
            return (
              <option key={optionId} value={optionId}>
                {trait.getOptionLabel(option)}
              </option>
            );
          })}
        </select>
      ) : (
        <input
          id={id}
          value={value}
          placeholder={name === 'href' ? 'https://… or /page or #section' : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => change(e.target.value)}
          className={cn(controlClasses, 'h-8 text-xs')}
        />
      )}
      {error ? <p className="text-2xs text-red-600">{error}</p> : null}
    </div>
  );
}

/** The selected element's attributes: link address and target, image text and address. */
export function TraitPanel({ traits }: TraitsResultProps) {
  if (traits.length === 0) return <></>;
  return (
    <SidePanelSection
      id="traits-title"
      title="Selected element"
      className="border-t border-zinc-200"
    >
      <div className="space-y-3 px-1" data-testid="trait-panel">
        {traits.map((trait) => (
          // Keyed by the component too, so each selection starts from its own values.
          <TraitField key={`${trait.target.getId()}-${trait.getName()}`} trait={trait} />
        ))}
      </div>
    </SidePanelSection>
  );
}
