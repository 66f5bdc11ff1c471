import { useState } from 'react';
import { TextAreaField } from '../ui/input';
import { ReplaceEditsTick } from '../regeneration/replace-edits-tick';

/** What the owner tells the model about an upload's pages, and whether it may replace edits. */
export function useUploadPrompt() {
  const [prompt, setPrompt] = useState('');
  const [replaceEdits, setReplaceEdits] = useState(false);
  const given = prompt.trim();
  return {
    prompt,
    setPrompt,
    replaceEdits,
    setReplaceEdits,
    // Replacing edits means writing them again with the instructions: none, nothing to replace.
    sent: { prompt: given, replaceEdits: replaceEdits && given !== '' },
  };
}
export type UploadPrompt = ReturnType<typeof useUploadPrompt>;

/** The optional instructions and, once there are some, "Replace my edits too" with its hint. */
export function UploadPromptField({
  state,
  label,
  placeholder,
  note,
  disabled,
}: {
  state: UploadPrompt;
  label: string;
  placeholder: string;
  /** What the instructions do to pages that exist, above the tick. */
  note?: string;
  disabled: boolean;
}) {
  const tick = (
    <ReplaceEditsTick
      checked={state.replaceEdits}
      onChange={state.setReplaceEdits}
      disabled={disabled}
      showHint
    />
  );
  return (
    <>
      <TextAreaField
        label={label}
        rows={3}
        placeholder={placeholder}
        value={state.prompt}
        disabled={disabled}
        onChange={(e) => state.setPrompt(e.target.value)}
      />
      {!state.sent.prompt ? null : note ? (
        <div className="space-y-1">
          <p className="text-xs text-zinc-600">{note}</p>
          {tick}
        </div>
      ) : (
        tick
      )}
    </>
  );
}
