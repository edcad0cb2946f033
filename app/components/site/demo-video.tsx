import { Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export const DEMO_VIDEO = {
  webm: "/video/demo.webm",
  mp4: "/video/demo.mp4",
  poster: "/video/demo-poster.webp",
  width: 640,
  height: 360,
} as const;

/**
 * The looping demo animation (people joining a circle), made for the site and served from it.
 * It is decorative, so it is hidden from screen readers; a button pauses it (WCAG 2.2.2) and
 * it stays still for people who ask the system for reduced motion.
 */
export function DemoVideo({ deferLoading = false, className = "" }: { deferLoading?: boolean; className?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // React sets `muted` as a property after hydration; browsers only autoplay muted media.
    element.muted = true;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      element.pause();
      setPlaying(false);
    } else {
      element.play().catch(() => setPlaying(false));
    }
  }, []);

  function toggle() {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      element.play().then(() => setPlaying(true), () => setPlaying(false));
    } else {
      element.pause();
      setPlaying(false);
    }
  }

  return (
    <div className={`relative overflow-hidden rounded-3xl bg-sand-100 shadow-[0_20px_60px_-30px_rgba(31,42,46,0.45)] ring-1 ring-sand-200 ${className}`}>
      <video
        ref={video}
        className="block aspect-video h-auto w-full"
        width={DEMO_VIDEO.width}
        height={DEMO_VIDEO.height}
        poster={DEMO_VIDEO.poster}
        preload={deferLoading ? "none" : "metadata"}
        autoPlay
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
        onClick={toggle}
        aria-label={playing ? "Metti in pausa l'animazione" : "Riproduci l'animazione"}
        className="absolute bottom-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-teal-800 shadow ring-1 ring-sand-200 hover:bg-white"
      >
        {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
      </button>
    </div>
  );
}
