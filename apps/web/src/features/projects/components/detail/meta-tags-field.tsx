import { useRef, useState } from 'react';
import { META_VARIABLES } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { Checkbox, TextAreaField } from '../../../../components/ui/input';
import { insertAtCursor } from '../../meta-variables';

/** Whether the AI writes an upload's meta tags (at first it does), else the owner's template. */
export function useMetaTags(initialTemplate: string) {
  const [aiHandles, setAiHandles] = useState(true);
  const [template, setTemplate] = useState(initialTemplate);
  return {
    aiHandles,
    setAiHandles,
    template,
    setTemplate,
    sent: { handleMetaTagsManually: !aiHandles, metaTags: template },
  };
}
type MetaTags = ReturnType<typeof useMetaTags>;

/**
 * "Let AI handle the meta tags for you" (checked by default). Unchecked, the owner writes the
 * template: the variables {city}, {state_id}, {state_name} and {zips} go in at the caret.
 */
export function MetaTagsField({ choice, disabled }: { choice: MetaTags; disabled: boolean }) {
  const { aiHandles, template, setTemplate: onTemplateChange } = choice;
  const box = useRef<HTMLTextAreaElement>(null);

  function insert(variable: string) {
    const el = box.current;
    const edit = insertAtCursor(
      template,
      el?.selectionStart ?? null,
      el?.selectionEnd ?? null,
      variable,
    );
    onTemplateChange(edit.value);
    // After React has written the new value: back into the box, caret after the variable.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(edit.cursor, edit.cursor);
    });
  }

  return (
    <div className="space-y-3">
      <Checkbox
        label="Let AI handle the meta tags for you"
        checked={aiHandles}
        disabled={disabled}
        onChange={(e) => choice.setAiHandles(e.target.checked)}
      />
      {aiHandles ? null : (
        <div className="space-y-2 rounded-lg border border-zinc-200 bg-zinc-50/60 p-3">
          <TextAreaField
            ref={box}
            label="Custom meta tags"
            rows={4}
            className="font-mono text-xs"
            placeholder={
              '<title>Roof repair in {city}, {state_id}</title>\n<meta name="description" content="Serving {city}, {state_name}: {zips}">'
            }
            hint="Each city page fills in the variables with its own values."
            value={template}
            disabled={disabled}
            onChange={(e) => onTemplateChange(e.target.value)}
          />
          <div
            className="flex flex-wrap items-center gap-1.5"
            role="group"
            aria-label="Insert a variable"
          >
            <span className="text-xs font-medium text-zinc-600">Insert:</span>
            {META_VARIABLES.map((variable) => (
              <Button
                key={variable}
                size="sm"
                variant="outline"
                className="h-7 px-2 font-mono"
                disabled={disabled}
                aria-label={`Insert ${variable}`}
                onClick={() => insert(variable)}
              >
                {variable}
              </Button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
