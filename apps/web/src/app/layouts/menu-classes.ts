/** The look of the header's drop-down menus (the user's, the phone's, the workspaces'). */
export const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-zinc-700 outline-none ' +
  'data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-950';
export const contentClass =
  'z-50 min-w-56 animate-fade-in rounded-xl border border-zinc-200 bg-white p-1.5 shadow-overlay';
