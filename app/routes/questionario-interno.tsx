import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Questionario",
    description: "Il questionario in 23 passaggi per abbinarti al gruppo giusto.",
    path: "/questionario-interno",
  });

export default function Page() {
  return <PlaceholderPage title="Questionario" intro="Il questionario in 23 passaggi per abbinarti al gruppo giusto." />;
}
