/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE/ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text%` with LIKE's metacharacters escaped: a prefix match. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
