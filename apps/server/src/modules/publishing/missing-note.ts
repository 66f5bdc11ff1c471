/** The sentence for images a build left out (the deploy line, the ZIP download); null when none. */
export function missingNote(missing: readonly string[]): string | null {
  if (!missing.length) return null;
  const named = missing.slice(0, 3).join(', ');
  const more = missing.length > 3 ? ` and ${missing.length - 3} more` : '';
  return missing.length === 1
    ? `1 image was missing from file storage and left out: ${named}. Pages that show it have a gap; generate it again in the editor.`
    : `${missing.length} images were missing from file storage and left out: ${named}${more}. Pages that show them have gaps; generate them again in the editor.`;
}
