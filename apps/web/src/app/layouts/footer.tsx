import type { MouseEvent } from 'react';
import { BRAND } from '@cityforge/shared';

const PLACEHOLDER_LINKS = ['Privacy Policy', 'Terms of Service', 'Contact'] as const;

function stay(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
}

/**
 * The footer: the year, and Privacy Policy, Terms of Service and Contact links that
 * are placeholders (their pages do not exist yet, so they are marked disabled and go nowhere).
 */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-zinc-200 bg-white">
      <div className="container-page flex flex-col items-center justify-between gap-3 py-6 text-sm text-zinc-500 sm:flex-row">
        <div className="text-center sm:text-left">
          <p>
            © {year} {BRAND}. All rights reserved.
          </p>
          {/* The place and ZIP data's licence (CC BY 4.0) asks for this credit where it is used. */}
          <p className="mt-1 text-xs text-zinc-500">
            Place and ZIP code data ©{' '}
            <a
              href="https://www.geonames.org/"
              target="_blank"
              rel="noreferrer"
              className="underline"
            >
              GeoNames
            </a>
            , licensed under{' '}
            <a
              href="https://creativecommons.org/licenses/by/4.0/"
              target="_blank"
              rel="noreferrer"
              className="underline"
            >
              CC BY 4.0
            </a>
            .
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {PLACEHOLDER_LINKS.map((label) => (
              <li key={label}>
                <a
                  href="#"
                  onClick={stay}
                  aria-disabled="true"
                  title="Coming soon"
                  className="rounded hover:text-zinc-800"
                >
                  {label}
                  <span className="sr-only"> (coming soon)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
