/**
 * A stored image's name and where it shows: one place for the images module (which stores and
 * serves them), the site (a city page's photo) and publishing (which copies them into a site).
 */

/** A stored image's name: its row id and type. Nothing else is ever read from the store. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}\.(png|jpg|webp)$/;

/** Where the image files sit in the file store. */
export const IMAGE_KEY_PREFIX = 'images/';

/** The same path everywhere an image shows: the editor, the preview and the published site. */
export const imageSrc = (file: string) => `/images/${file}`;

/** A stored image's name from its store key or its name ("images/….jpg" or "….jpg"); else null. */
export function imageFileOf(key: string | null | undefined): string | null {
  if (!key) return null;
  const file = key.startsWith(IMAGE_KEY_PREFIX) ? key.slice(IMAGE_KEY_PREFIX.length) : key;
  return IMAGE_FILE_NAME.test(file) ? file : null;
}
