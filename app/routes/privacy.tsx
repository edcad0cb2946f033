import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Privacy policy",
    description: "Come trattiamo e proteggiamo i tuoi dati personali.",
    path: "/privacy",
  });

export default function Page() {
  return <PlaceholderPage title="Privacy policy" intro="Come trattiamo e proteggiamo i tuoi dati personali." />;
}
