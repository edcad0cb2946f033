import { siteHooks } from "~/components/site-script-hooks";
import { startCookieBanner } from "./consent";
import { startForms } from "./forms";

/**
 * The site script: a few KB of plain JavaScript on every page (content pages load nothing else).
 * Everything is delegated from the document, so it also serves markup React renders later on the
 * hydrated pages. Built by Vite as its own file (`?worker&url` in root.tsx) and started by one
 * inline module script.
 */

/** Choosing a link in the mobile menu closes it (a same-page anchor or a client-side navigation would leave it open). */
function startMobileMenu() {
  document.addEventListener("click", (event) => {
    const menu = event.target instanceof Element ? event.target.closest(`#${siteHooks.mobileMenu}`) : null;
    if (menu instanceof HTMLElement && event.target instanceof Element && event.target.closest("a")) menu.hidePopover();
  });
}

/**
 * "Torna indietro" links step back in history when the previous page is one of this site: the
 * document was opened from it (same-origin referrer), or React Router numbered an earlier entry.
 * Caught before React Router's own link handling, which then sees the click handled.
 */
function startBackLinks() {
  document.addEventListener(
    "click",
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest(`a[${siteHooks.historyBack}]`)) return;
      const routerEntry = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      const fromThisSite = document.referrer !== "" && new URL(document.referrer).origin === window.location.origin && window.history.length > 1;
      if (routerEntry > 0 || fromThisSite) {
        event.preventDefault();
        window.history.back();
      }
    },
    true,
  );
}

/** An image that cannot be loaded gives way to its fallback (a therapist's initials, the brand in text). */
function startImageFallbacks() {
  const fallBack = (image: HTMLImageElement) => {
    const fallback = image.nextElementSibling;
    if (!(fallback instanceof HTMLElement)) return;
    image.hidden = true;
    fallback.hidden = false;
  };
  // Error events do not bubble, but they can be caught on their way down.
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.hasAttribute(siteHooks.imageFallback)) fallBack(event.target);
    },
    true,
  );
  // Those that failed before this script ran.
  for (const image of document.querySelectorAll<HTMLImageElement>(`img[${siteHooks.imageFallback}]`)) {
    if (image.complete && image.naturalWidth === 0 && image.getAttribute("src")) fallBack(image);
  }
}

/**
 * The demo animation is decorative and starts only once the page has loaded and it is on screen
 * (its poster is the first paint; the video file waits), never for people who ask for reduced
 * motion; its button pauses and resumes it (WCAG 2.2.2).
 */
function startDemoVideos() {
  const frames = () => document.querySelectorAll<HTMLElement>(`[${siteHooks.demoVideo}]`);
  const show = (frame: HTMLElement, playing: boolean) => {
    const button = frame.querySelector("button");
    if (!button) return;
    button.setAttribute("aria-label", button.dataset[playing ? "pauseLabel" : "playLabel"] ?? "");
    for (const icon of button.querySelectorAll<SVGElement>("[data-icon]")) icon.style.display = icon.dataset.icon === (playing ? "pause" : "play") ? "" : "none";
  };
  const play = (frame: HTMLElement) => {
    const video = frame.querySelector("video");
    if (!video) return;
    // Browsers autoplay only muted media, and React never writes the muted attribute.
    video.muted = true;
    video.play().then(
      () => show(frame, true),
      () => show(frame, false),
    );
  };
  document.addEventListener("click", (event) => {
    const frame = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${siteHooks.demoVideo}]`) : null;
    const video = frame?.querySelector("video");
    if (!frame || !video || !(event.target as Element).closest("button")) return;
    if (video.paused) play(frame);
    else {
      video.pause();
      show(frame, false);
    }
  });
  // Each one once it is on screen: below the fold (on phones) its file is not fetched before it is seen.
  const autoplay = () => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries.filter((item) => item.isIntersecting)) {
          observer.unobserve(entry.target);
          play(entry.target as HTMLElement);
        }
      },
      { threshold: 0.25 },
    );
    for (const frame of frames()) observer.observe(frame);
  };
  if (document.readyState === "complete") autoplay();
  else window.addEventListener("load", autoplay, { once: true });
}

startMobileMenu();
startBackLinks();
startImageFallbacks();
startDemoVideos();
startCookieBanner();
startForms();
