import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "I nostri terapeuti",
    description: "Psicologi e psicoterapeuti iscritti all'Albo che guidano i nostri gruppi.",
    path: "/terapeuti",
  });

export default function Page() {
  return <PlaceholderPage title="I nostri terapeuti" intro="Psicologi e psicoterapeuti iscritti all'Albo che guidano i nostri gruppi." />;
}
