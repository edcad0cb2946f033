import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Accordo di servizio",
    description: "L'accordo di servizio per la partecipazione ai gruppi.",
    path: "/accordo-servizio",
  });

export default function Page() {
  return <PlaceholderPage title="Accordo di servizio" intro="L'accordo di servizio per la partecipazione ai gruppi." />;
}
