import { Link } from "react-router";
import { HELP_PATH, helpTitle } from "~/content/help";
import { site } from "~/content/site";
import { siteHooks } from "~/components/site-script-hooks";
import { SiteLinks } from "./anchor-link";
import { Logo } from "./logo";

const resources = [
  { name: "Il nostro metodo", href: "/nostro-metodo" },
  { name: "Terapeuti", href: "/terapeuti" },
  { name: "Blog", href: "/blog" },
  { name: "Prezzi e FAQ", href: "/prezzi" },
  { name: "Chi siamo", href: "/about" },
  // The client's own area (issue 19): its sign-in form is the page itself.
  { name: "Area personale", href: "/area-personale" },
  { name: helpTitle, href: HELP_PATH },
];

const legal = [
  { name: "Termini e condizioni", href: "/termini" },
  { name: "Privacy policy", href: "/privacy" },
  { name: "Accordo di servizio", href: "/accordo-servizio" },
];

export function Footer() {
  return (
    <footer className="mt-auto border-t border-sand-200 bg-sand-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-4">
          <Logo />
          <p className="text-sm text-ink-700">{site.description}</p>
          <Link to="/questionario" className="btn btn-primary w-fit whitespace-nowrap">
            Compila il questionario
          </Link>
        </div>
        <FooterLinks label="Risorse" title="Risorse" links={resources} />
        <FooterLinks label="Informazioni legali" title="Note legali" links={legal} />
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wide text-ink-500">Contatti</h2>
          <ul className="grid gap-2">
            <li>
              <a href={`mailto:${site.contactEmail}`} className="text-ink-700 underline-offset-2 hover:text-teal-700 hover:underline">
                {site.contactEmail}
              </a>
            </li>
            <li>
              <Link to="/contatti" className="text-ink-700 hover:text-teal-700">
                Scrivici
              </Link>
            </li>
            <li>
              <button type="button" {...{ [siteHooks.openCookiePreferences]: "" }} className="text-left text-ink-700 hover:text-teal-700">
                Preferenze cookie
              </button>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-sand-200">
        <p className="container-page py-5 text-sm text-ink-500">
          © {site.copyrightYear} {site.brand}. Tutti i diritti riservati.
        </p>
      </div>
    </footer>
  );
}

/** One column of footer links, a navigation landmark named `label` under its heading. */
function FooterLinks({ label, title, links }: { label: string; title: string; links: readonly { href: string; name: string }[] }) {
  const heading = <h2 className="mb-3 font-sans text-sm font-semibold uppercase tracking-wide text-ink-500">{title}</h2>;
  return <SiteLinks label={label} heading={heading} items={links} listClassName="grid gap-2" linkClassName="text-ink-700 hover:text-teal-700" />;
}
