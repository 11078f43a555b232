/** Case-insensitive match on title, description or a tag (the Liked page's search). */
export function matchesAudioSearch(file: { title: string; description: string | null; tags: readonly string[] }, term: string): boolean {
  const q = term.trim().toLowerCase();
  if (!q) return true;
  return file.title.toLowerCase().includes(q) || (file.description ?? '').toLowerCase().includes(q) || file.tags.some((t) => t.toLowerCase().includes(q));
}
