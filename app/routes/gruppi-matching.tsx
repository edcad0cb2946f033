import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "I gruppi consigliati per te",
    description: "I gruppi di terapia online più adatti alle tue risposte.",
    path: "/gruppi-matching",
  });

export default function Page() {
  return <PlaceholderPage title="I gruppi consigliati per te" intro="I gruppi di terapia online più adatti alle tue risposte." />;
}
