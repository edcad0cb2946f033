import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Test email di follow-up",
    description: "Invia le tre email di follow-up di prova.",
    path: "/test-followup",
  });

export default function Page() {
  return <PlaceholderPage title="Test email di follow-up" intro="Invia le tre email di follow-up di prova." />;
}
