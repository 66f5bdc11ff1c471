import { z } from 'zod';
import { ZId } from './common.ts';

/** Pages larger than this are not a page someone edits by hand; the save refuses them. */
export const MAX_PAGE_HTML_CHARS = 1_000_000;
/** The selected fragment sent for regeneration. */
export const MAX_FRAGMENT_CHARS = 60_000;
const MAX_REGENERATE_PROMPT_CHARS = 2_000;
const MAX_IMAGE_PROMPT_CHARS = 4_000;
export const ELEMENT_TREE_PREVIEW_CHARS = 50;

const ZHtml = z.string().max(MAX_PAGE_HTML_CHARS, 'This page is too large to save.');
const ZBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** GET /api/projects/{id}/homepage/view/ query: nothing → the homepage. */
/**
 * A service-city page is named by its city (city_id) and its service's slug: the same routes
 * as the city's page, with this one more parameter.
 */
export const ZServiceSegment = z
  .string()
  .trim()
  .max(80, { error: 'Not a valid service' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Not a valid service' });

/** Names a city's page for one service (a service-city page) on the city's routes. */
export const ZServiceQuery = z.object({ service: ZServiceSegment.optional() });

export const ZEditorViewQuery = z.object({
  page_id: ZId('page').optional(),
  city_id: ZId('city').optional(),
  service: ZServiceSegment.optional(),
  slug: z.string().trim().min(1).max(200).optional(),
  /** Disambiguates a slug used by both a main page and a service page. */
  is_service_page: ZBool.optional(),
});
export type TEditorViewQuery = z.input<typeof ZEditorViewQuery>;

const ZPageVersion = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type TPageVersion = z.infer<typeof ZPageVersion>;

/** What the editor opens with. complete_html is the whole page as the site shows it. */
export const ZEditorView = z.object({
  page: z.object({
    id: z.string(),
    complete_html: z.string(),
    content_html: z.string(),
    meta_tags: z.string(),
  }),
  project: z.object({ trackingCodeHead: z.string(), trackingCodeBody: z.string() }),
  is_service_page: z.boolean(),
  /** Which kind of page this is and its name, for the editor's title. */
  kind: z.enum(['homepage', 'main', 'service', 'city', 'service-city']),
  name: z.string(),
  /** Saved versions, newest first; a regenerated page waiting to be picked is `proposal`. */
  versions: z.array(ZPageVersion),
  /** A regenerated page waiting beside this one for the owner to pick, or null. */
  proposal: ZPageVersion.nullable(),
});
export type TEditorView = z.infer<typeof ZEditorView>;

/**
 * Query of the calls that write pages again (retries, "Regenerate N similar pages"): with
 * replaceEdits, a page the owner edited by hand gets its regenerated page as a proposal to
 * pick; without it, the edited sections are kept in the regenerated page.
 */
export const ZRegenerationQuery = z.object({ replaceEdits: ZBool.optional() });
export type TRegenerationQuery = z.input<typeof ZRegenerationQuery>;

const ZPageSide = z.object({ contentHtml: z.string(), metaTags: z.string() });

/** One section of the page beside the same one of the regenerated page. */
export const ZProposalSection = z.object({
  /** The section's id (or tag and class), as the page's sections are keyed. */
  key: z.string(),
  /** Its heading, or its key when it has none. */
  label: z.string(),
  /** added: only the regenerated page has it; removed: only the current page has it. */
  status: z.enum(['same', 'changed', 'added', 'removed']),
  current: z.string().nullable(),
  proposed: z.string().nullable(),
  /** What a visitor reads of each side, one entry per paragraph, heading or item. */
  currentText: z.array(z.string()),
  proposedText: z.array(z.string()),
});
export type TProposalSection = z.infer<typeof ZProposalSection>;

/** GET …/proposal/: the page now and the regenerated page waiting beside it, section by section. */
export const ZProposal = z.object({
  /** The page's status: Queued or In progress while a regenerated page is being written. */
  status: z.string(),
  current: ZPageSide,
  proposed: ZPageSide.extend({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
  }).nullable(),
  sections: z.array(ZProposalSection),
  metaChanged: z.boolean(),
});
export type TProposal = z.infer<typeof ZProposal>;

/** POST …/proposal/{versionId}/: which page stays; the other is kept among the versions. */
export const ZPickProposal = z.strictObject({ use: z.enum(['proposed', 'current']) });
export type TPickProposal = z.infer<typeof ZPickProposal>;
export const ZPickAnswer = z.object({ message: z.string(), page: ZPageSide });
export type TPickAnswer = z.infer<typeof ZPickAnswer>;

/** POST /project/{id}/save/{pageId}/ and /project/{id}/city/{cityId}/save/. */
export const ZSavePage = z.object({
  html: ZHtml,
  content_html: ZHtml,
  is_service_page: z.boolean().default(false),
  /** Saving a city's page for one service (the city save route): its slug. */
  service: ZServiceSegment.optional(),
  tracking_code_head: z.string().max(20_000).optional(),
  tracking_code_body: z.string().max(20_000).optional(),
  meta_tags: z.string().max(20_000).default(''),
});
export type TSavePage = z.input<typeof ZSavePage>;

export const ZSuccessMessage = z.object({ success: z.boolean(), message: z.string() });
export type TSuccessMessage = z.infer<typeof ZSuccessMessage>;

/** POST /api/projects/{id}/regenerate/. */
export const ZRegenerate = z.object({
  html: z.string().trim().min(1, 'Select a component first.').max(MAX_FRAGMENT_CHARS),
  prompt: z.string().trim().min(1, 'Enter a prompt.').max(MAX_REGENERATE_PROMPT_CHARS),
  is_service_page: z.boolean().default(false),
  /** Keep the page as it is now among its versions before the rewrite. */
  save_history: z.boolean().default(false),
  city_id: ZId('city').optional(),
  service: ZServiceSegment.optional(),
  page_id: ZId('page').optional(),
  /** The model to rewrite with; the page's own model when absent. */
  model: z.string().max(200).optional(),
});
export type TRegenerate = z.input<typeof ZRegenerate>;
export const ZRegenerateResult = z.object({ success: z.boolean(), html: z.string() });
export type TRegenerateResult = z.infer<typeof ZRegenerateResult>;

/** POST /project/{id}/get_version_html/. */
export const ZGetVersionHtml = z.object({
  project_id: ZId('project').optional(),
  is_service_page: z.boolean().default(false),
  version_id: ZId('version'),
  city_id: ZId('city').optional(),
  service: ZServiceSegment.optional(),
  page_id: ZId('page').optional(),
});
export type TGetVersionHtml = z.input<typeof ZGetVersionHtml>;
export const ZVersionHtml = z.object({
  success: z.boolean(),
  /** The version's main content (what the editor's canvas holds between header and footer). */
  html: z.string(),
  meta_tags: z.string(),
  message: z.string(),
});
export type TVersionHtml = z.infer<typeof ZVersionHtml>;

/**
 * OpenAI's current image models (gpt-image-1 was shut down on 2026-10-23 and dall-e-3 retired on
 * 2026-05-12, per the OpenAI SDK this project ships with). They answer base64; an answer that
 * carries a URL instead (retired models, OpenAI-compatible gateways) is downloaded.
 */
export const IMAGE_MODELS = [
  'gpt-image-2.5-flare',
  'gpt-image-2.5-sunburst',
  'gpt-image-2',
  'gpt-image-1.5',
  'gpt-image-1-mini',
] as const;
export const IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

/** POST /api/projects/{id}/images/: one image from the user's OpenAI key. */
export const ZGenerateImage = z.object({
  prompt: z.string().trim().min(1, 'Describe the image.').max(MAX_IMAGE_PROMPT_CHARS),
  model: z.enum(IMAGE_MODELS).default('gpt-image-2.5-flare'),
  size: z.enum(IMAGE_SIZES).default('1024x1024'),
});
export type TGenerateImage = z.input<typeof ZGenerateImage>;

export const ZProjectImage = z.object({
  id: z.string(),
  /** Site-relative path, the same in the editor, the preview and the published site. */
  src: z.string(),
  prompt: z.string(),
  model: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type TProjectImage = z.infer<typeof ZProjectImage>;
export const ZProjectImages = z.object({ results: z.array(ZProjectImage) });
export type TProjectImages = z.infer<typeof ZProjectImages>;
