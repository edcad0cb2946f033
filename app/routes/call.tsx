import { PlaceholderPage } from "~/components/layout/placeholder-page";
import type { Route } from "./+types/call";
import { logger } from "~/server/logger.server";

/** /call-{name}: only paths with the "call-" prefix exist; every other single segment is a 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!params.callPath.startsWith("call-") || params.callPath.length <= "call-".length) {
    logger.warn({ path: `/${params.callPath}` }, "404: no route for path");
    throw new Response("Not Found", { status: 404 });
  }
  return { name: params.callPath.slice("call-".length) };
}

export const meta = () => [{ title: "Richiedi una chiamata | Insieme" }, { name: "robots", content: "noindex" }];

export default function CallPage() {
  return <PlaceholderPage title="Richiedi una chiamata" intro="Lasciaci il tuo numero: ti richiamiamo entro 24 ore per il colloquio gratuito." />;
}
