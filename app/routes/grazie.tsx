import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Grazie!",
    description: "Abbiamo ricevuto la tua richiesta. Ti contatteremo entro 24 ore.",
    path: "/grazie",
  });

export default function Page() {
  return <PlaceholderPage title="Grazie!" intro="Abbiamo ricevuto la tua richiesta. Ti contatteremo entro 24 ore." />;
}
