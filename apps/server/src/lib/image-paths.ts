/**
 * Where a stored image shows: the same path in the editor, the preview and the published site
 * (/images/{file}). Below every module, so that the places' photos (locations, site) and the
 * generated images (images) name their files the one way.
 */
export const imageSrc = (file: string) => `/images/${file}`;
