// Cheap enough for the first paint: whether a fragment is meant as a share link at all.

/** Whether a fragment (with or without `#`) is meant as a share link, well formed or not. */
export function looksLikeLink(fragment: string): boolean {
  return /^#?s\d+\./.test(fragment.slice(0, 16));
}
