import { defineEndpoint } from '../endpoint.ts';
import { ZCityParams, ZProjectParams } from '../contracts/common.ts';
import { ZCitiesExportQuery, ZCityFacts, ZPutCityFacts } from '../contracts/facts.ts';
import {
  ZSampleFileQuery,
  ZSimpleUploadFields,
  ZUploadFields,
  ZUploadRefused,
  ZUploadReport,
} from '../contracts/locations.ts';

/**
 * Spreadsheet uploads (multipart forms), the sample file, the export of a project's places
 * (downloads) and one place's facts.
 */
export const locationsApi = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/project/:id/upload/',
    params: ZProjectParams,
    form: ZUploadFields,
    responses: { 201: ZUploadReport, 422: ZUploadRefused },
  }),
  simpleUpload: defineEndpoint({
    method: 'POST',
    path: '/api/upload/',
    form: ZSimpleUploadFields,
    responses: { 201: ZUploadReport, 422: ZUploadRefused },
  }),
  sampleFile: defineEndpoint({
    method: 'GET',
    path: '/api/projects/sample-file/',
    query: ZSampleFileQuery,
    responses: {},
  }),
  /** A place's facts, photo and per-place overrides, for the facts panel. */
  cityFacts: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/city/:cityId/facts/',
    params: ZCityParams,
    responses: { 200: ZCityFacts },
  }),
  /** Replaces them; a written page whose facts change is marked until it is rewritten. */
  putCityFacts: defineEndpoint({
    method: 'PUT',
    path: '/api/projects/:id/city/:cityId/facts/',
    params: ZCityParams,
    body: ZPutCityFacts,
    responses: { 200: ZCityFacts },
  }),
  /**
   * Every place of the project as a sheet (text/csv or .xlsx, a download): its place columns,
   * page URL, status, quality verdict, photo, overrides and every fact column. Uploaded again
   * unchanged, it changes nothing; filled in, it brings the new facts.
   */
  exportCities: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/cities/export/',
    params: ZProjectParams,
    query: ZCitiesExportQuery,
    responses: {},
  }),
};
