/** Widths of the responsive WebP variants made for every uploaded image (keep in sync with the server). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * Uploaded images are stored as `<name>_w<max>.webp` with variants `<name>_w<max>-<width>.webp`
 * for each standard width below max; this recovers the srcset from the URL alone.
 */
export function responsiveSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const match = /^(.*)_w(\d+)\.webp$/.exec(url);
  if (!match) return undefined;
  const [, base, maxText] = match;
  const max = Number(maxText);
  const widths = IMAGE_WIDTHS.filter((width) => width < max);
  return [...widths.map((width) => `${base}_w${max}-${width}.webp ${width}w`), `${url} ${max}w`].join(", ");
}

export function variantKey(baseKey: string, max: number, width?: number) {
  return width === undefined || width === max ? `${baseKey}_w${max}.webp` : `${baseKey}_w${max}-${width}.webp`;
}
