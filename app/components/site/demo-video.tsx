import { Pause, Play } from "lucide-react";
import { siteHooks } from "~/components/site-script-hooks";

const DEMO_VIDEO = {
  webm: "/video/demo.webm",
  mp4: "/video/demo.mp4",
  poster: "/video/demo-poster.webp",
  /** The poster at its phone width (the frame is at most ~22 rem wide there), for `srcset`. */
  posterSmall: "/video/demo-poster-384.webp",
  width: 640,
  height: 360,
} as const;

/** The frame's width in the hero (two columns from lg) and on the method page. */
const DEMO_VIDEO_SIZES = "(min-width: 1024px) 540px, calc(100vw - 2rem)";

const pauseLabel = "Metti in pausa l'animazione";
const playLabel = "Riproduci l'animazione";

/**
 * The looping demo animation (people joining a circle), made for the site and served from it.
 * It is decorative, so it is hidden from screen readers. The poster is a real `<img>` sized for
 * the screen (`srcset`), the first thing painted; the video file is fetched only when the site
 * script (app/browser/site-script.ts) starts it after the page has loaded and it is on screen, never with
 * reduced motion. Its button pauses it (WCAG 2.2.2).
 */
export function DemoVideo({ className = "", priority = false }: { className?: string; priority?: boolean }) {
  return (
    <div
      {...{ [siteHooks.demoVideo]: "" }}
      className={`relative overflow-hidden rounded-3xl bg-sand-100 shadow-[0_20px_60px_-30px_rgba(31,42,46,0.45)] ring-1 ring-sand-200 ${className}`}
    >
      <img
        src={DEMO_VIDEO.poster}
        srcSet={`${DEMO_VIDEO.posterSmall} 384w, ${DEMO_VIDEO.poster} ${DEMO_VIDEO.width}w`}
        sizes={DEMO_VIDEO_SIZES}
        alt=""
        width={DEMO_VIDEO.width}
        height={DEMO_VIDEO.height}
        fetchPriority={priority ? "high" : undefined}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        className="block aspect-video h-auto w-full"
      />
      <video
        className="absolute inset-0 block size-full"
        width={DEMO_VIDEO.width}
        height={DEMO_VIDEO.height}
        preload="none"
        muted
        loop
        playsInline
        disablePictureInPicture
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src={DEMO_VIDEO.webm} type="video/webm" />
        <source src={DEMO_VIDEO.mp4} type="video/mp4" />
      </video>
      <button
        type="button"
        aria-label={playLabel}
        data-play-label={playLabel}
        data-pause-label={pauseLabel}
        className="absolute bottom-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-teal-800 shadow ring-1 ring-sand-200 hover:bg-white"
      >
        <Pause aria-hidden="true" data-icon="pause" className="size-5" style={{ display: "none" }} />
        <Play aria-hidden="true" data-icon="play" className="size-5" />
      </button>
    </div>
  );
}
