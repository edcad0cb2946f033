import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Articolo",
    description: "Un articolo del blog.",
    path: "/blog",
  });

export default function Page() {
  return <PlaceholderPage title="Articolo" intro="Un articolo del blog." />;
}
