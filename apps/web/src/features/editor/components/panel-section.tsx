import type { ReactNode } from 'react';

/** One titled block of the settings panel. */
export function PanelSection({
  title,
  icon,
  description,
  children,
}: {
  title: string;
  icon: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 border-b border-zinc-200 px-4 py-5 last:border-b-0"
    >
      <div>
        <h3
          id={id}
          className="flex items-center gap-2 text-sm font-semibold text-zinc-900 [&_svg]:size-4 [&_svg]:text-zinc-400"
        >
          {icon}
          {title}
        </h3>
        {description ? <p className="mt-1 text-xs text-zinc-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
