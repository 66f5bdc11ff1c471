import { ChevronDown, ExternalLink, Monitor, Smartphone, Tablet } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClasses } from '../../../components/ui/input';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { cn } from '../../../lib/cn';
import { previewPath } from '../site-links';
import { pageReadiness } from '../site-pages';
import type { SitePageEntry } from '../site-pages';
import type { DeviceWidth } from './preview-frame';
import { BackToProject } from '../../../components/ui/back-links';

const WIDTHS: { value: DeviceWidth; label: string; icon: ReactNode }[] = [
  { value: 'desktop', label: 'Desktop width', icon: <Monitor aria-hidden="true" /> },
  { value: 'tablet', label: 'Tablet width', icon: <Tablet aria-hidden="true" /> },
  { value: 'phone', label: 'Phone width', icon: <Smartphone aria-hidden="true" /> },
];

const READINESS_SUFFIX = { ready: '', generating: ' (generating)', failed: ' (failed)' } as const;

interface PageMenuProps {
  projectId: string;
  entries: SitePageEntry[];
  /** The states index, listed with the pages once the project has cities. */
  statesRoute: string | null;
  current: string;
  onSelect: (route: string) => void;
}

function PageMenu({ projectId, entries, statesRoute, current, onSelect }: PageMenuProps) {
  const option = (entry: SitePageEntry) => {
    const route = previewPath(projectId, entry.target);
    return (
      <option key={route} value={route}>
        {entry.page.name}
        {READINESS_SUFFIX[pageReadiness(entry.page)]}
      </option>
    );
  };
  const main = entries.filter((e) => e.group === 'main');
  const services = entries.filter((e) => e.group === 'service');
  return (
    <div className="relative">
      <select
        aria-label="Go to page"
        data-testid="preview-page-menu"
        value={current}
        onChange={(event) => onSelect(event.target.value)}
        className={cn(controlClasses, 'h-8 max-w-52 appearance-none pr-8 text-xs')}
      >
        {/* An address that names no page still needs a selected option. */}
        {entries.some((e) => previewPath(projectId, e.target) === current) ||
        current === statesRoute ? null : (
          <option value={current} disabled>
            Choose a page…
          </option>
        )}
        <optgroup label="Main pages">{main.map(option)}</optgroup>
        {services.length > 0 ? (
          <optgroup label="Service pages">{services.map(option)}</optgroup>
        ) : null}
        {statesRoute ? (
          <optgroup label="Service areas">
            <option value={statesRoute}>All states</option>
          </optgroup>
        ) : null}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-3.5 -translate-y-1/2 text-zinc-500"
        aria-hidden="true"
      />
    </div>
  );
}

function WidthToggle({
  value,
  onChange,
}: {
  value: DeviceWidth;
  onChange: (width: DeviceWidth) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Preview width"
      className="hidden items-center rounded-lg border border-zinc-200 bg-zinc-50 p-0.5 md:flex"
    >
      {WIDTHS.map((w) => (
        <button
          key={w.value}
          type="button"
          title={w.label}
          aria-label={w.label}
          aria-pressed={value === w.value}
          onClick={() => onChange(w.value)}
          className={cn(
            'flex size-7 items-center justify-center rounded-md text-zinc-500 transition-colors [&_svg]:size-4',
            value === w.value ? 'bg-white text-zinc-900 shadow-xs' : 'hover:text-zinc-800',
          )}
        >
          {w.icon}
        </button>
      ))}
    </div>
  );
}

/** The thin bar above the frame: back, what is shown, other pages, width, editor. */
export function PreviewToolbar({
  title,
  subtitle,
  width,
  onWidth,
  editorHref,
  ...menu
}: PageMenuProps & {
  title: string;
  subtitle?: string;
  width: DeviceWidth;
  onWidth: (width: DeviceWidth) => void;
  editorHref: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-t-xl border border-zinc-200 bg-white px-3 py-2">
      <BackToProject projectId={menu.projectId} variant="ghost" size="sm" className="gap-1 px-2" />
      <span className="hidden h-5 w-px bg-zinc-200 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-sm font-semibold text-zinc-900" data-testid="preview-title">
          {title}
        </h1>
        {subtitle ? <p className="truncate text-xs text-zinc-500">{subtitle}</p> : null}
      </div>
      {menu.entries.length > 1 ? <PageMenu {...menu} /> : null}
      <WidthToggle value={width} onChange={onWidth} />
      {editorHref ? (
        <NewTabLink
          href={editorHref}
          testId="preview-open-editor"
          icon={<ExternalLink className="size-3.5" aria-hidden="true" />}
        >
          Open editor
        </NewTabLink>
      ) : null}
    </div>
  );
}
