import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Conferma iscrizione",
    description: "Completa la tua iscrizione al percorso di gruppo.",
    path: "/conferma-iscrizione",
  });

export default function Page() {
  return <PlaceholderPage title="Conferma iscrizione" intro="Completa la tua iscrizione al percorso di gruppo." />;
}
