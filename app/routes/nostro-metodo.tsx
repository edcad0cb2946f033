import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Il nostro metodo",
    description: "Come funziona la terapia di gruppo online e perché il gruppo aiuta.",
    path: "/nostro-metodo",
  });

export default function Page() {
  return <PlaceholderPage title="Il nostro metodo" intro="Come funziona la terapia di gruppo online e perché il gruppo aiuta." />;
}
