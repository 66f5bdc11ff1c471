/**
 * Hands a fetched file to the browser as a download. The file came through the API client
 * (bearer token), so a plain link to the endpoint would not do: it would arrive unauthenticated.
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
