import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Questionario",
    description: "Rispondi a poche domande per trovare il gruppo più adatto a te. Il primo colloquio è gratuito.",
    path: "/questionario",
  });

export default function Page() {
  return <PlaceholderPage title="Questionario" intro="Rispondi a poche domande per trovare il gruppo più adatto a te. Il primo colloquio è gratuito." />;
}
