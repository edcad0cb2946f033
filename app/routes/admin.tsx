import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Area amministrazione",
    description: "Area riservata allo staff.",
    path: "/admin",
  });

export default function Page() {
  return <PlaceholderPage title="Area amministrazione" intro="Area riservata allo staff." />;
}
