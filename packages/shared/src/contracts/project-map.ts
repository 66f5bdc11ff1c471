import { z } from 'zod';

/**
 * What a city's mark on the project map says: written and indexable (or approved), still to
 * be written (queued or being written), failed, or written but held back by the quality gate.
 */
export const MAP_STATUSES = ['completed', 'queued', 'failed', 'held'] as const;
export type TMapStatus = (typeof MAP_STATUSES)[number];

/**
 * One city as a tuple, not an object: a project has up to tens of thousands of them and the
 * keys would be most of the answer. Coordinates are rounded to 4 decimals (about 10 m) and
 * null when the upload resolved none.
 */
export const ZMapCity = z.tuple([
  z.string(), // id
  z.string(), // name
  z.string(), // its state's postal code
  z.number().nullable(), // latitude
  z.number().nullable(), // longitude
  z.enum(MAP_STATUSES),
]);
export type TMapCity = z.infer<typeof ZMapCity>;

/**
 * The project map's data (projectsApi.map): every city with its place and status, and the
 * places the project uses, whose outlines the map draws: states by postal code, counties by
 * their state's code and their name as stored ("Travis County").
 */
export const ZProjectMap = z.object({
  cities: z.array(ZMapCity),
  states: z.array(z.tuple([z.string(), z.string()])), // [code, name]
  counties: z.array(z.tuple([z.string(), z.string()])), // [state code, name]
});
export type TProjectMap = z.infer<typeof ZProjectMap>;
