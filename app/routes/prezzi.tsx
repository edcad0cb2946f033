import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Prezzi e FAQ",
    description: "Prima seduta 30 €, sedute successive 35 € a settimana, senza abbonamento.",
    path: "/prezzi",
  });

export default function Page() {
  return <PlaceholderPage title="Prezzi e FAQ" intro="Prima seduta 30 €, sedute successive 35 € a settimana, senza abbonamento." />;
}
