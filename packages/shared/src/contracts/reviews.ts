import { z } from 'zod';
import { ZId, ZProjectParams } from './common.ts';

/** The pages a client reviews: the homepage, main and service pages, city and service-city pages. */
export const REVIEW_PAGE_KINDS = ['page', 'city', 'serviceCity'] as const;
export const ZReviewPageKind = z.enum(REVIEW_PAGE_KINDS);
export type TReviewPageKind = z.infer<typeof ZReviewPageKind>;

export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export const ZReviewDecision = z.enum(REVIEW_DECISIONS);
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

/** Where a page stands: its current version approved, changes asked for, or not reviewed yet. */
export const ZReviewState = z.enum(['awaiting', 'approved', 'changes_requested']);
export type TReviewState = z.infer<typeof ZReviewState>;

/** One decision on one version of a page. */
export const ZReview = z.object({
  id: z.string(),
  pageKind: ZReviewPageKind,
  pageId: z.string(),
  /** The version reviewed: a digest of the page's content and meta tags. */
  version: z.string(),
  decision: ZReviewDecision,
  comment: z.string(),
  by: z.string(),
  at: z.string(),
  /** Whether the page still is this version. */
  current: z.boolean(),
});
export type TReview = z.infer<typeof ZReview>;

/** A written page as its reviewer sees it: where it stands and the latest word on it. */
export const ZReviewPage = z.object({
  pageKind: ZReviewPageKind,
  pageId: z.string(),
  /** "Homepage", "Austin, TX", "Drain Cleaning in Austin, TX". */
  name: z.string(),
  /** The place of a city or service-city page (its preview is the place's). */
  cityId: z.string().nullable(),
  /** A service-city page's service (its slug): the preview is the place's page for it. */
  service: z.string().nullable(),
  version: z.string(),
  state: ZReviewState,
  latest: ZReview.nullable(),
});
export type TReviewPage = z.infer<typeof ZReviewPage>;

export const ZReviewBoard = z.object({
  projectId: z.string(),
  projectName: z.string(),
  requireClientApproval: z.boolean(),
  /** The live site, once deployed. */
  liveUrl: z.string().nullable(),
  pages: z.array(ZReviewPage),
  counts: z.object({ awaiting: z.number(), approved: z.number(), changesRequested: z.number() }),
});
export type TReviewBoard = z.infer<typeof ZReviewBoard>;

export const ZSubmitReview = z.strictObject({
  pageKind: ZReviewPageKind,
  pageId: ZId('page'),
  decision: ZReviewDecision,
  comment: z.string().trim().max(4000).default(''),
  /** The version the reviewer looked at; refused when the page changed since. */
  version: z.string().max(64).optional(),
});
export type TSubmitReview = z.input<typeof ZSubmitReview>;

export const ZReviewsQuery = z.object({
  pageKind: ZReviewPageKind.optional(),
  pageId: ZId('page').optional(),
});
export const ZReviewParams = ZProjectParams;
