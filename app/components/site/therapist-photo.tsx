import { Fragment } from "react";
import { siteHooks } from "~/components/site-script-hooks";
import { initialsOf } from "~/domain/initials";
import { responsiveSrcSet } from "~/domain/images";

/**
 * A therapist's portrait (square, responsive WebP variants), or their initials on a soft
 * gradient when there is no photo or it cannot be loaded (the site script swaps them, also on
 * pages without React). Every place that shows it prints the name beside it, so the image is
 * silent to screen readers instead of repeating the name.
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
  const initials = (hidden: boolean) => (
    <div
      aria-hidden="true"
      hidden={hidden}
      className={`${aspect} @container grid w-full place-items-center bg-gradient-to-br from-teal-100 to-sand-100 font-serif text-teal-800 ${className}`}
    >
      <span className="text-[28cqw] leading-none tracking-wide">{initialsOf(name)}</span>
    </div>
  );
  if (!src) return initials(false);
  // Keyed by the photo: a new one starts visible even where the script hid a broken predecessor.
  return (
    <Fragment key={src}>
      <img
        src={src}
        srcSet={responsiveSrcSet(src)}
        sizes={sizes}
        alt=""
        width={640}
        height={640}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        {...{ [siteHooks.imageFallback]: "" }}
        className={`${aspect} h-auto w-full bg-teal-50 object-cover ${className}`}
      />
      {initials(true)}
    </Fragment>
  );
}
