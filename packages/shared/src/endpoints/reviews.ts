import { z } from 'zod';
import { ZData, defineEndpoint } from '../endpoint.ts';
import {
  ZReview,
  ZReviewBoard,
  ZReviewParams,
  ZReviewsQuery,
  ZSubmitReview,
} from '../contracts/reviews.ts';

/** Client review: the project's written pages and where each stands, and the decisions. */
export const reviewsApi = {
  board: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/review/',
    params: ZReviewParams,
    responses: { 200: ZData(ZReviewBoard) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/projects/:id/reviews/',
    params: ZReviewParams,
    query: ZReviewsQuery,
    responses: { 200: ZData(z.array(ZReview)) },
  }),
  /** A client approves a page's current version, or asks for changes, with a comment. */
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/projects/:id/reviews/',
    params: ZReviewParams,
    body: ZSubmitReview,
    responses: { 201: ZData(ZReview).extend({ message: z.string() }) },
  }),
};
