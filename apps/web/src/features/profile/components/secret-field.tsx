import { useState } from 'react';
import type { Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { TextField } from '../../../components/ui/input';
import type { TextFieldProps } from '../../../components/ui/input';

/** A key or token input, hidden by default, with a show/hide toggle inside the box. */
export function SecretField({
  ref,
  ...props
}: Omit<TextFieldProps, 'type' | 'trailing'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete="off"
      spellCheck={false}
      className="font-mono text-[13px]"
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide key' : 'Show key'}
          title={visible ? 'Hide' : 'Show'}
          className="rounded-md p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}

export const KEY_FIELDS = [
  {
    name: 'userNetlifyAccessToken',
    label: 'Netlify access token',
    hint: 'Hosting access token: lets CityForge publish your sites to your Netlify account.',
  },
  {
    name: 'userOpenRouterApiKey',
    label: 'OpenRouter API key',
    hint: 'Model-router key: pays for the AI models that write your pages.',
  },
  {
    name: 'userOpenAiApiKey',
    label: 'OpenAI API key',
    hint: 'Used for image generation.',
  },
] as const;

export type KeyFieldName = (typeof KEY_FIELDS)[number]['name'];
