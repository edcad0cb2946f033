import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Blog",
    description: "Articoli su ansia, solitudine, relazioni e terapia di gruppo, scritti dai nostri psicologi.",
    path: "/blog",
  });

export default function Page() {
  return <PlaceholderPage title="Blog" intro="Articoli su ansia, solitudine, relazioni e terapia di gruppo, scritti dai nostri psicologi." />;
}
