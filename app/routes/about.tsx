import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { seo } from "~/domain/seo";

export const meta = () =>
  seo({
    title: "Chi siamo",
    description: "Chi siamo, in cosa crediamo e perché abbiamo scelto la terapia di gruppo online.",
    path: "/about",
  });

export default function Page() {
  return <PlaceholderPage title="Chi siamo" intro="Chi siamo, in cosa crediamo e perché abbiamo scelto la terapia di gruppo online." />;
}
