/**
 * Netlify fails a deploy whose site has more than 54,000 files in one folder. A built site keeps
 * every folder at or below this many entries (its files and its subfolders), with room to spare.
 */
export const SITE_FOLDER_MAX_ENTRIES = 50_000;

/**
 * The folders of a site (its files' paths, '/states/tx/travis.html') holding more than `max`
 * entries, fullest first. A folder's entries are its own files and the subfolders it leads to.
 */
export function crowdedFolders(
  files: Iterable<string>,
  max = SITE_FOLDER_MAX_ENTRIES,
): Array<{ folder: string; entries: number }> {
  const entries = new Map<string, Set<string>>();
  const add = (folder: string, entry: string) => {
    let names = entries.get(folder);
    if (!names) entries.set(folder, (names = new Set()));
    names.add(entry);
  };
  for (const file of files) {
    const parts = file.split('/').filter(Boolean);
    for (let depth = 0; depth < parts.length; depth++)
      add(`/${parts.slice(0, depth).join('/')}`, parts[depth]!);
  }
  return [...entries]
    .filter(([, names]) => names.size > max)
    .map(([folder, names]) => ({ folder, entries: names.size }))
    .sort((a, b) => b.entries - a.entries);
}
