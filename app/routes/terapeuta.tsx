import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Terapeuta",
    description: "Il profilo di un nostro terapeuta.",
    path: "/terapeuti",
  });

export default function Page() {
  return <PlaceholderPage title="Terapeuta" intro="Il profilo di un nostro terapeuta." />;
}
