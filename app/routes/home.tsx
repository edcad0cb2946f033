import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Terapia di gruppo online",
    description: "Percorsi di terapia di gruppo online guidati da psicologi certificati per ansia, depressione e solitudine.",
    path: "/",
  });

export default function Page() {
  return <PlaceholderPage title="Terapia di gruppo online" intro="Percorsi di terapia di gruppo online guidati da psicologi certificati per ansia, depressione e solitudine." />;
}
