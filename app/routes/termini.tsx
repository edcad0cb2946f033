import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Termini e condizioni",
    description: "Termini e condizioni del servizio.",
    path: "/termini",
  });

export default function Page() {
  return <PlaceholderPage title="Termini e condizioni" intro="Termini e condizioni del servizio." />;
}
