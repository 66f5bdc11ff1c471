import { scanMarkup } from '@cityforge/shared/html';
import { imageFileOf, imageSrc } from '../../lib/image-names.ts';
import { escapeAttr } from './html.ts';

/**
 * A photo of the business's work at a place (the sheet's `Photo`, stored like generated
 * images): shown beside the hero of the place's city page and of its pages for its services,
 * and each page's structured-data `image` while the page shows it. Published at the images'
 * one address, /images/{file}.
 */
export type PlacePhoto = { src: string; alt: string };

/** Marks the figure, so the page's structured data can find the photo it shows. */
const PHOTO_CLASS = 'place-photo';

/**
 * The photo of a city page from its stored key, described by the page's subject ("Roof
 * replacement in Kyle, TX"): the alt text says what the photo shows, never more.
 */
export function placePhotoOf(
  photoKey: string | null,
  subject: { service: string; city: string; stateCode: string },
): PlacePhoto | null {
  const file = imageFileOf(photoKey);
  if (!file) return null;
  const alt = `${subject.service.trim()} in ${subject.city}, ${subject.stateCode}`;
  return { src: imageSrc(file), alt };
}

export function placePhotoFigure(photo: PlacePhoto): string {
  return (
    `<figure class="${PHOTO_CLASS}"><img src="${escapeAttr(photo.src)}" alt="${escapeAttr(photo.alt)}"` +
    ` loading="eager" decoding="async"></figure>`
  );
}

/**
 * The photo stands in the hero, the first few kilobytes of a page: a build reads this much of
 * each of its pages for it, not all of them (a photo an owner moved far down the page still
 * shows, but is no longer the page's image).
 */
const HERO_WINDOW = 16_384;
/** A figure and its image are a few hundred characters: only that much is read past the mark. */
const FIGURE_WINDOW = 2_000;

/**
 * The site path of the place photo a page's markup shows in its hero, or null: what the page's
 * structured data may call its image. The markup may be the owner's edit: a photo they removed
 * is no longer the page's image. One search for the mark, then a tokenizer pass over the figure.
 */
export function photoInHtml(html: string): string | null {
  const mark = (html.length > HERO_WINDOW ? html.slice(0, HERO_WINDOW) : html).indexOf(PHOTO_CLASS);
  if (mark < 0) return null;
  const start = html.lastIndexOf('<', mark);
  if (start < 0) return null;
  const figure = html.slice(start, start + FIGURE_WINDOW);
  let src: string | null = null;
  let inFigure = false;
  let done = false;
  scanMarkup(figure, {
    openTag({ name, attrs }) {
      if (done) return;
      if (!inFigure) {
        inFigure = (attrs.get('class') ?? '').split(/\s+/).includes(PHOTO_CLASS);
        if (!inFigure) done = true;
      } else if (name === 'img') {
        const value = attrs.get('src') ?? '';
        src = imageFileOf(value.startsWith('/images/') ? value.slice(1) : null) ? value : null;
        done = true;
      }
    },
    closeTag(name) {
      if (inFigure && name === 'figure') done = true;
    },
  });
  return src;
}
