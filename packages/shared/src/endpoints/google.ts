import { defineEndpoint } from '../endpoint.ts';
import { ZMessage } from '../contracts/common.ts';
import { ZGoogleCallbackQuery, ZGoogleConnect, ZGoogleStatus } from '../contracts/google.ts';

/** The account's Google connection, for reading private linked Google Sheets. */
export const googleApi = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/me/google/',
    responses: { 200: ZGoogleStatus },
  }),
  /** Google's consent screen for this account (offline access, spreadsheets read-only). */
  connect: defineEndpoint({
    method: 'GET',
    path: '/api/me/google/connect/',
    responses: { 200: ZGoogleConnect },
  }),
  /**
   * Where Google sends the browser back: the code is exchanged and the refresh token stored
   * for the account the state names; answers a redirect to the profile with `?google=outcome`.
   */
  callback: defineEndpoint({
    method: 'GET',
    path: '/api/google/callback/',
    query: ZGoogleCallbackQuery,
    responses: {},
  }),
  /** Revokes the token at Google, then forgets it. */
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/google/',
    responses: { 200: ZMessage },
  }),
};
