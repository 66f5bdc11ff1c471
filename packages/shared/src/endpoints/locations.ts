import { defineEndpoint } from '../endpoint.ts';
import { ZProjectParams } from '../contracts/common.ts';
import {
  ZSampleFileQuery,
  ZSimpleUploadFields,
  ZUploadFields,
  ZUploadRefused,
  ZUploadReport,
} from '../contracts/locations.ts';

/** Spreadsheet uploads (multipart forms) and the sample file (a download). */
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
};
