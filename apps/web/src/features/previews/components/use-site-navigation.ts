import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { siteHrefToPreviewRoute } from '../site-links';
import type { SiteLinkContext } from '../site-links';

/**
 * Moving between previews: `go` opens a preview route (the page menu), `follow` a link clicked
 * inside the frame, which leads to the matching preview or, when the previews cannot show it,
 * says so instead of doing nothing.
 */
export function useSiteNavigation(projectId: string, context: SiteLinkContext = {}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  function go(route: string) {
    if (route !== pathname) void navigate(route);
  }

  function follow(href: string) {
    const route = siteHrefToPreviewRoute(projectId, href, context);
    if (route === null) {
      toast.info('No preview for this link', {
        message: `${href} is not a page the preview shows.`,
      });
      return;
    }
    go(route);
  }

  return { go, follow };
}
