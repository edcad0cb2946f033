import { useEffect, useRef, useState } from "react";
import { initialsOf } from "~/domain/initials";
import { responsiveSrcSet } from "~/domain/images";

/**
 * A therapist's portrait (square, responsive WebP variants), or their initials on a soft
 * gradient when there is no photo or it cannot be loaded. Every place that shows it prints the
 * name beside it, so the image is silent to screen readers instead of repeating the name.
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
  /** Gives the initials shown when there is no photo. */
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
  if (!src || failed) {
    return (
      <div
        aria-hidden="true"
        className={`${aspect} @container grid w-full place-items-center bg-gradient-to-br from-teal-100 to-sand-100 font-serif text-teal-800 ${className}`}
      >
        <span className="text-[28cqw] leading-none tracking-wide">{initialsOf(name)}</span>
      </div>
    );
  }
  return (
    <img
      ref={image}
      src={src}
      srcSet={responsiveSrcSet(src)}
      sizes={sizes}
      alt=""
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
