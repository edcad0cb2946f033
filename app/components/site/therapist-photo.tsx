import { useEffect, useRef, useState } from "react";
import { responsiveSrcSet } from "~/domain/images";

export const THERAPIST_PLACEHOLDER = "/images/therapist-placeholder.svg";

/**
 * A therapist's portrait (square, responsive WebP variants) with the local placeholder when
 * there is no photo or it cannot be loaded.
 */
export function TherapistPhoto({
  src,
  name,
  sizes,
  className = "",
  aspect = "aspect-square",
  priority = false,
}: {
  src: string | null | undefined;
  name: string;
  sizes: string;
  className?: string;
  /** Tailwind aspect-ratio class of the frame; the photo is cropped to fill it. */
  aspect?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The photo may have failed before hydration attached onError.
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);
  const usable = src && !failed ? src : null;
  return (
    <img
      ref={image}
      src={usable ?? THERAPIST_PLACEHOLDER}
      srcSet={usable ? responsiveSrcSet(usable) : undefined}
      sizes={usable ? sizes : undefined}
      alt={`Foto di ${name}`}
      width={640}
      height={640}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      onError={() => setFailed(true)}
      className={`${aspect} h-auto w-full bg-teal-50 object-cover ${className}`}
    />
  );
}
