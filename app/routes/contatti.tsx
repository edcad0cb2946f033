import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Contatti",
    description: "Scrivici: ti risponderemo entro 24 ore.",
    path: "/contatti",
  });

export default function Page() {
  return <PlaceholderPage title="Contatti" intro="Scrivici: ti risponderemo entro 24 ore." />;
}
