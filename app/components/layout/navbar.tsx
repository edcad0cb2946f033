import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { Link, NavLink } from "react-router";
import { siteHooks } from "~/components/site-script-hooks";
import { navItems } from "~/content/site";
import { SiteLink, SiteLinks } from "./anchor-link";
import { Logo } from "./logo";

const linkClass = "rounded-md px-2 py-2 text-[0.95rem] font-medium text-ink-700 hover:text-teal-700";

/**
 * The top bar. On small screens the links live in a drawer that is a `popover`: it opens, closes on
 * Esc, a click outside or its close button, with no script (the page may ship none); the site
 * script closes it when one of its links is chosen.
 */
export function Navbar() {
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-sand-200 bg-sand-50/95 backdrop-blur supports-[backdrop-filter]:bg-sand-50/80">
      <a
        href="#contenuto"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Vai al contenuto
      </a>
      <div className="container-page flex h-full items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Principale" className="hidden lg:block">
          <ul className="flex items-center gap-1 xl:gap-3">
            {navItems.map((item) => (
              <li key={item.href}>
                {item.href.startsWith("/#") ? (
                  <SiteLink href={item.href} className={linkClass}>
                    {item.name}
                  </SiteLink>
                ) : (
                  <NavLink to={item.href} className={({ isActive }) => `${linkClass} ${isActive ? "text-teal-700 underline underline-offset-8" : ""}`}>
                    {item.name}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link to="/questionario" className="btn btn-primary hidden sm:inline-flex">
            Inizia ora
          </Link>
          <button
            type="button"
            popoverTarget={siteHooks.mobileMenu}
            className="inline-flex size-11 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100 lg:hidden"
            aria-label="Apri il menu"
          >
            <Menu aria-hidden className="size-6" />
          </button>
          <div
            id={siteHooks.mobileMenu}
            popover="auto"
            role="dialog"
            aria-labelledby={`${siteHooks.mobileMenu}-titolo`}
            className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-sand-50 p-6 text-ink-900 shadow-xl backdrop:bg-ink-900/40 open:flex"
          >
            <div className="flex items-center justify-between">
              <p id={`${siteHooks.mobileMenu}-titolo`} className="font-serif text-lg font-semibold">
                Menu
              </p>
              <button
                type="button"
                popoverTarget={siteHooks.mobileMenu}
                popoverTargetAction="hide"
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand-100"
                aria-label="Chiudi il menu"
              >
                <X aria-hidden className="size-6" />
              </button>
            </div>
            <SiteLinks
              label="Menu mobile"
              items={navItems}
              listClassName="grid gap-1"
              linkClassName="block rounded-xl px-3 py-3 text-lg font-medium text-ink-900 hover:bg-sand-100"
            />
            <Link to="/questionario" className="btn btn-primary mt-auto w-full">
              Inizia il questionario
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
