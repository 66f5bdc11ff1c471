import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { MSG } from '@cityforge/shared';
import type { THeaderLink } from '@cityforge/shared';
import { Button } from '../../../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../../../components/ui/card';
import { toast } from '../../../../components/ui/toast';
import { useUpdateHeaderLinks } from '../../api/update-header-links';
import { menuEnabledText, menuLinkTarget, visibleLinkNames } from '../../structure';

/**
 * Navigation Menu: a show checkbox per header link with its target, "X of Y menu items
 * enabled", and Save Menu Configuration (POST update-header-links).
 */
export function NavigationMenu({
  projectId,
  headerLinks,
}: {
  projectId: string;
  headerLinks: THeaderLink[];
}) {
  const [links, setLinks] = useState(headerLinks);
  const save = useUpdateHeaderLinks(projectId);

  async function submit() {
    try {
      await save.mutateAsync(visibleLinkNames(links));
      toast.success(MSG.menuSaved, { message: '' });
    } catch {
      toast.error(MSG.updateHeaderLinksFailed, { message: '' });
    }
  }

  function toggle(name: string, show: boolean) {
    setLinks((all) => all.map((l) => (l.name === name ? { ...l, show } : l)));
  }

  return (
    <Card data-testid="navigation-menu">
      <CardHeader
        headingLevel={3}
        title="Navigation Menu"
        description="Choose which pages appear in the site's header menu."
        actions={
          <span className="text-sm text-zinc-600" data-testid="menu-enabled">
            {menuEnabledText(links)}
          </span>
        }
      />
      <CardBody>
        {links.length === 0 ? (
          <p className="text-sm text-zinc-500">The menu has no links yet.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {links.map((link) => {
              const target = menuLinkTarget(projectId, link.link);
              const id = `menu-${projectId}-${link.name}`;
              return (
                <li
                  key={link.name}
                  className="flex items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2.5"
                >
                  <input
                    id={id}
                    type="checkbox"
                    checked={link.show}
                    onChange={(e) => toggle(link.name, e.target.checked)}
                    className="mt-0.5 size-4 rounded border-zinc-300 accent-brand-600"
                  />
                  <div className="min-w-0">
                    <label htmlFor={id} className="text-sm font-medium text-zinc-900">
                      {link.name}
                    </label>
                    <p className="flex items-center gap-1 truncate text-xs text-zinc-500">
                      <Link2 className="size-3 shrink-0" aria-hidden="true" />
                      {target.href ? (
                        <a
                          href={target.href}
                          target="_blank"
                          rel="noopener"
                          className="truncate rounded hover:text-brand-700 hover:underline"
                        >
                          {target.label}
                        </a>
                      ) : (
                        <span className="truncate font-mono">{target.label}</span>
                      )}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardBody>
      <CardFooter>
        <Button
          loading={save.isPending}
          disabled={links.length === 0}
          onClick={() => void submit()}
        >
          {save.isPending ? 'Saving...' : 'Save Menu Configuration'}
        </Button>
      </CardFooter>
    </Card>
  );
}
