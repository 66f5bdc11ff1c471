import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { BRAND, type TBranding } from '@cityforge/shared';

/**
 * The client's view, in their agency's brand: its logo or name in the header and its colour
 * on the actions (the `--accent` custom property). Our name shows only in a small "Powered by"
 * line, which a paid workspace may turn off.
 */
export function BrandedShell({
  branding,
  children,
}: {
  branding: TBranding | undefined;
  children: ReactNode;
}) {
  const accent = branding?.accentColor ?? '#334155';
  const name = branding?.name;
  // The browser's tab names the agency too, not the app.
  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = name;
    return () => {
      document.title = before;
    };
  }, [name]);
  return (
    <div
      className="flex min-h-dvh flex-col bg-zinc-50"
      style={{ '--accent': accent } as CSSProperties}
      data-testid="branded-shell"
    >
      <header className="border-b-4 bg-white" style={{ borderColor: accent }}>
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          {branding?.logoUrl ? (
            <img
              src={branding.logoUrl}
              alt={branding.name}
              className="h-10 max-w-[200px] object-contain"
            />
          ) : (
            <span className="text-lg font-semibold" style={{ color: accent }}>
              {branding?.name ?? ''}
            </span>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        {children}
      </main>
      {branding?.showPoweredBy ? (
        <footer className="py-4 text-center text-xs text-zinc-600" data-testid="powered-by">
          Powered by {BRAND}
        </footer>
      ) : null}
    </div>
  );
}
