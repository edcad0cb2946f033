/**
 * The ids and data attributes the server-rendered markup and the site script (app/browser/site-script.ts)
 * agree on. Content pages ship no React: their menu, FAQ and forms are HTML, and this script
 * (a few KB, on every page) adds what HTML cannot do alone.
 */
export const siteHooks = {
  /** The mobile menu (a `popover`): choosing one of its links closes it. */
  mobileMenu: "menu-mobile",
  /** The cookie banner (`hidden` until the script finds no stored choice); `data-analytics-src` on it. */
  cookieBanner: "cookie-banner",
  /** The preferences `<dialog>`; its form's checkboxes are named after the consent's categories. */
  cookiePreferences: "preferenze-cookie",
  /** On a button: `all`, `necessary` or `customize`. */
  consentChoice: "data-consent",
  /** On any button that opens the cookie preferences (the footer's "Preferenze cookie"). */
  openCookiePreferences: "data-cookie-preferences",
  /** The review widget's element; `data-review-widget-src` holds the third-party script, loaded after marketing consent. */
  reviewWidgetSrc: "data-review-widget-src",
  /** On a form: a solved anti-spam challenge goes into its `altcha` field before it is sent. */
  proofOfWorkForm: "data-proof-of-work",
  /** On a form's message for a field left empty: the field's name (shown by the script instead of sending). */
  missingField: "data-missing-field",
  /** On a form's message for a field whose value does not fit its type (an e-mail address without its domain). */
  invalidField: "data-invalid-field",
  /** On an `<img>`: when it cannot be loaded it is hidden and its next sibling (hidden until then) shown. */
  imageFallback: "data-fallback",
  /** On a link (whose href is the page to open otherwise): goes back instead when the previous page is one of this site. */
  historyBack: "data-history-back",
  /** On the demo video's frame: the script plays it once the page has loaded (unless reduced motion) and runs its button. */
  demoVideo: "data-demo-video",
} as const;
