/** URL-safe, lower-case, ASCII: "Heating & Cooling" → "heating-and-cooling" (shared). */
export { slugify } from '@cityforge/shared';
