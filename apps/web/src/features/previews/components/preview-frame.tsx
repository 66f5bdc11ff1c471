import { useEffect, useEffectEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { navigateMessageHref } from '../site-links';

export type DeviceWidth = 'desktop' | 'tablet' | 'phone';

export const DEVICE_WIDTHS: Record<DeviceWidth, string> = {
  desktop: '100%',
  tablet: '768px',
  phone: '390px',
};

/**
 * The generated page in a sandboxed frame. Scripts may run (the page's own inline script
 * scrolls section links and reports site links) but never with this app's origin: without
 * allow-same-origin the document cannot read the session tokens or call the API as the user.
 * Popups stay allowed so outside links (target=_blank) still open.
 */
export function PreviewFrame({
  html,
  title,
  width,
  onNavigate,
}: {
  html: string;
  title: string;
  width: DeviceWidth;
  /** A site-internal link was clicked inside the frame. */
  onNavigate: (href: string) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const navigate = useEffectEvent(onNavigate);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      // Only this frame's document may steer the preview; its origin is the opaque "null", so
      // the source window is the check that identifies it.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const href = navigateMessageHref(event.data);
      if (href !== null) navigate(href);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div
      className={cn(
        'flex min-h-0 flex-1 justify-center overflow-auto',
        width !== 'desktop' && 'bg-zinc-100 px-2 py-3',
      )}
    >
      <iframe
        ref={frame}
        title={title}
        data-testid="preview-frame"
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        srcDoc={html}
        style={{ width: DEVICE_WIDTHS[width] }}
        className={cn(
          'block h-full max-w-full shrink-0 bg-white transition-[width] duration-200',
          width !== 'desktop' && 'rounded-lg shadow-card ring-1 ring-zinc-200',
        )}
      />
    </div>
  );
}
