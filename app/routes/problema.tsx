import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Situazioni",
    description: "Situazioni in cui il gruppo può aiutarti.",
    path: "/",
  });

export default function Page() {
  return <PlaceholderPage title="Situazioni" intro="Situazioni in cui il gruppo può aiutarti." />;
}
