import { defineEndpoint } from '../endpoint.ts';
import { ZMessage, ZProjectParams } from '../contracts/common.ts';
import {
  ZSheetLink,
  ZSheetLinkInput,
  ZSheetRunParams,
  ZSheetRuns,
  ZSheetSyncRun,
} from '../contracts/sheets.ts';

/** A project's linked sheet: the link, syncing it now, its runs and a stopped run's confirmation. */
export const sheetsApi = {
  getLink: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/sheet-link/',
    params: ZProjectParams,
    responses: { 200: ZSheetLink },
  }),
  /** Links (or re-links) the sheet; the link's first read is a sync the owner asks for. */
  putLink: defineEndpoint({
    method: 'PUT',
    path: '/api/projects/:id/sheet-link/',
    params: ZProjectParams,
    body: ZSheetLinkInput,
    responses: { 200: ZSheetLink },
  }),
  /** Unlinks; the cities the sheet brought stay. */
  deleteLink: defineEndpoint({
    method: 'DELETE',
    path: '/api/projects/:id/sheet-link/',
    params: ZProjectParams,
    responses: { 200: ZMessage },
  }),
  /** Reads the sheet now and answers the run: applied, or stopped to wait for confirmation. */
  sync: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/sheet-link/sync/',
    params: ZProjectParams,
    responses: { 200: ZSheetSyncRun },
  }),
  runs: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/sheet-link/runs/',
    params: ZProjectParams,
    responses: { 200: ZSheetRuns },
  }),
  /**
   * Applies a stopped run: the sheet is read again and stored, removals included, as long as
   * it removes no city the stopped run did not name (else it stops again, for a new look).
   */
  confirmRun: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/sheet-link/runs/:runId/confirm/',
    params: ZSheetRunParams,
    responses: { 200: ZSheetSyncRun },
  }),
};
