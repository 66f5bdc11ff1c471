import type { DeployProgress } from './deploy-progress.ts';
import type { NetlifyClient } from './netlify-client.ts';
import type { SentDeploy } from './netlify-deploys.ts';
import type { SiteOutput } from './site-output.ts';

/** Where a built site goes: the Netlify site, and the deploy's progress writer. */
export type SendTo = { client: NetlifyClient; siteId: string; progress: DeployProgress };

/** A build under way in a strategy's output, and how that output is sent once built. */
export type StrategyBuild = {
  readonly out: SiteOutput;
  /** Ends the output once the build has written every file. */
  seal(): Promise<void>;
  /** Lets go of the output of a build that failed (its folder is removed after). */
  discard(): void;
  send(to: SendTo): Promise<SentDeploy>;
};

/**
 * A way to send a site to Netlify: by digest, uploading only the files Netlify lacks
 * (digest-deploy.ts), or as one ZIP (zip-deploy.ts). Each builds into its own kind of output
 * in the deploy's build folder.
 */
export type DeployStrategy = {
  readonly name: 'digest' | 'zip';
  open(dir: string): Promise<StrategyBuild>;
};
