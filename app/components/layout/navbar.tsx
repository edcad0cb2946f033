import { Dialog } from "radix-ui";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { navItems } from "~/content/site";
import { SiteLink } from "./anchor-link";
import { Logo } from "./logo";

const linkClass = "rounded-md px-2 py-2 text-[0.95rem] font-medium text-ink-700 hover:text-teal-700";

export function Navbar() {
  const [open, setOpen] = useState(false);
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
                  <NavLink
                    to={item.href}
                    className={({ isActive }) => `${linkClass} ${isActive ? "text-teal-700 underline underline-offset-8" : ""}`}
                  >
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
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger
              className="inline-flex size-11 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100 lg:hidden"
              aria-label="Apri il menu"
            >
              <Menu aria-hidden className="size-6" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 data-[state=open]:animate-[fade-in_150ms]" />
              <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-sand-50 p-6 shadow-xl focus:outline-none">
                <div className="flex items-center justify-between">
                  <Dialog.Title className="font-serif text-lg font-semibold">Menu</Dialog.Title>
                  <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand-100" aria-label="Chiudi il menu">
                    <X aria-hidden className="size-6" />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Navigazione del sito</Dialog.Description>
                <nav aria-label="Menu mobile">
                  <ul className="grid gap-1">
                    {navItems.map((item) => (
                      <li key={item.href}>
                        <SiteLink
                          href={item.href}
                          onNavigate={() => setOpen(false)}
                          className="block rounded-xl px-3 py-3 text-lg font-medium text-ink-900 hover:bg-sand-100"
                        >
                          {item.name}
                        </SiteLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <Link to="/questionario" className="btn btn-primary mt-auto w-full" onClick={() => setOpen(false)}>
                  Inizia il questionario
                </Link>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </header>
  );
}
