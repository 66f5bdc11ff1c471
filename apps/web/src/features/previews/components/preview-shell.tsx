import { useState } from 'react';
import type { ReactNode } from 'react';
import type { DeviceWidth } from './preview-frame';

// Each preview route mounts its own screen; the chosen width carries over between pages.
let lastWidth: DeviceWidth = 'desktop';

/** The preview width, remembered across preview screens for this visit. */
export function usePreviewWidth(): [DeviceWidth, (width: DeviceWidth) => void] {
  const [width, setWidth] = useState<DeviceWidth>(lastWidth);
  return [
    width,
    (next) => {
      lastWidth = next;
      setWidth(next);
    },
  ];
}

/** Toolbar on top, the frame (or what stands in for it) filling the rest of the viewport. */
export function PreviewShell({ toolbar, children }: { toolbar: ReactNode; children: ReactNode }) {
  return (
    // Fills the viewport below the app header (4 rem) and the page padding (2 / 2.5 rem).
    <div className="flex h-[calc(100dvh-8rem)] min-h-[28rem] flex-col sm:h-[calc(100dvh-9rem)]">
      {toolbar}
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-b-xl border border-t-0 border-zinc-200 bg-white">
        {children}
      </div>
    </div>
  );
}
