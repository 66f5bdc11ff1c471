import { z } from 'zod';
import { ZId } from './common.ts';
import { MSG } from '../messages.ts';

/** The spreadsheet types the upload takes, by extension. */
export const UPLOAD_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
/** The server refuses anything larger; the dialog says so before sending. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The variables a custom meta-tag template may use. */
export const META_VARIABLES = [
  '{city}',
  '{state_id}',
  '{state_name}',
  '{zips}',
  // A service-city page's service; on a city page, the project's service type.
  '{service}',
] as const;
/** The model the upload dialog preselects. */
export const UPLOAD_DEFAULT_MODEL = 'anthropic/claude-3.7-sonnet';
/** The screen waits this long after an upload that carried a prompt. */
export const UPLOAD_PROMPT_WAIT_MS = 2000;
/**
 * A city page whose visible text shares more than this share of its 5-word shingles with a
 * sibling page (Jaccard, names of places masked) is flagged as too similar.
 */
export const SIMILARITY_THRESHOLD = 0.5;

const ZBooleanField = z
  .enum(['true', 'false', 'True', 'False', '1', '0', 'on', 'off'])
  .transform((v) => ['true', 'True', '1', 'on'].includes(v));

/** Text fields of POST /api/project/{id}/upload/ (the file travels beside them). */
export const ZUploadFields = z.object({
  prompt: z.string().trim().max(5000).optional().default(''),
  model: z.string({ error: MSG.modelRequired }).trim().min(1, MSG.modelRequired).max(200),
  handleMetaTagsManually: ZBooleanField.optional().default(false),
  metaTags: z.string().trim().max(5000).optional().default(''),
  /**
   * Cities already there whose instructions change are written again; with this, one edited
   * by hand gets its regenerated page as a proposal instead of keeping the edited sections.
   */
  replaceEdits: ZBooleanField.optional().default(false),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;

/** The simple upload screen's fields: the project travels in the form, model is optional. */
export const ZSimpleUploadFields = z.object({
  project: z
    .string({ error: 'Project Required - Please select a project for the upload.' })
    .trim()
    .min(1, 'Project Required - Please select a project for the upload.')
    .pipe(ZId('project')),
  prompt: z.string().trim().max(5000).optional().default(''),
  model: z.string().trim().max(200).optional().default(''),
  /** As the project upload's (ZUploadFields). */
  replaceEdits: ZBooleanField.optional().default(false),
});
export type TSimpleUploadFields = z.infer<typeof ZSimpleUploadFields>;

export const ZSampleFileQuery = z.object({
  file_type: z.enum(['xlsx', 'csv']).optional().default('xlsx'),
});

const ZRowIssue = z.object({
  /** The file it came from when several were uploaded together. */
  file: z.string(),
  line: z.number().int(),
  reason: z.string(),
  candidates: z.array(z.string()).optional(),
});
export type TRowIssue = z.infer<typeof ZRowIssue>;

/** What an upload did, row by row where a row was not taken as written. */
export const ZUploadReport = z.object({
  message: z.string(),
  /** Non-empty rows read under the header, every file together. */
  rowsRead: z.number().int(),
  /** Rows that became a city of the project (new, or merged into one). */
  imported: z.number().int(),
  /** Cities added to the project, each with a page queued. */
  citiesAdded: z.number().int(),
  /** Cities the project already had (their ZIP codes were merged). */
  citiesExisting: z.number().int(),
  /**
   * Of those, the ones the upload changed: new ZIP codes, facts, photo, page title, meta
   * description or services. An export uploaded again unchanged updates none.
   */
  citiesUpdated: z.number().int(),
  /** The sheet's fact columns (every column that is neither a place's nor a functional one). */
  factColumns: z.array(z.string()),
  /** Facts that came in (one place's value of one fact column), and for how many places. */
  factsReceived: z.number().int(),
  factCities: z.number().int(),
  /** Photos to fetch: places whose Photo address is new or changed. */
  photosQueued: z.number().int(),
  /** Rows that named a city another row of the upload already named. */
  merged: z.number().int(),
  skipped: z.array(ZRowIssue),
  ambiguous: z.array(ZRowIssue),
  /** Rows taken, but not exactly as written (a ZIP that beat a city name, ...). */
  notes: z.array(ZRowIssue),
  /** Recognised columns: our name → the header found in the file. */
  columns: z.record(z.string(), z.string()),
  ignoredColumns: z.array(z.string()),
});
export type TUploadReport = z.infer<typeof ZUploadReport>;

/** POST /api/projects/{id}/cities/regenerate-similar/ */
export const ZRegenerateSimilarResult = z.object({
  message: z.string(),
  count: z.number().int(),
});

/** 422 of an upload none of whose rows became a city: one sentence, and the rows' reasons. */
export const ZUploadRefused = z.object({
  message: z.string(),
  report: ZUploadReport,
});
export type TUploadRefused = z.infer<typeof ZUploadRefused>;
