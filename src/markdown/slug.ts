// Heading ids: lowercase, punctuation dropped, spaces to hyphens, letters of any script kept,
// so "Check that it worked!" becomes "check-that-it-worked" and ids stay stable across builds.

/** The id a heading with this text gets (before de-duplication). */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-');
}
