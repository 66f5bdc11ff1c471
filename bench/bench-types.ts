import type { ServerProcess } from '../apps/server/test/helpers/process.ts';

/** Prints one figure: its name, its value and the budget it is held to. */
export type Line = (name: string, value: string, budget?: string) => void;

/** Starts the real server on a data folder and port; answers it and its boot time. */
export type StartServer = (
  dataDir: string,
  port: number,
  env?: Record<string, string>,
) => Promise<{ server: ServerProcess; ms: number }>;
