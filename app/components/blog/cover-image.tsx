import { responsiveSrcSet } from "~/domain/images";

/** An article's cover (16:9, responsive WebP variants); decorative unless given an alt text. */
export function CoverImage({ src, sizes, alt = "", priority = false, className = "" }: { src: string; sizes: string; alt?: string; priority?: boolean; className?: string }) {
  return (
    <img
      src={src}
      srcSet={responsiveSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={1280}
      height={720}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={`aspect-video h-auto w-full bg-sand-100 object-cover ${className}`}
    />
  );
}
