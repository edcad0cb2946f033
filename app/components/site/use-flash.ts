import { useRouteLoaderData } from "react-router";
import type { Flash } from "~/domain/flash";

/** The outcome of the given form's last post, once, as the root read it from the flash cookie. */
export function useFlash(form: string): Flash | null {
  const flash = (useRouteLoaderData("root") as { flash?: Flash | null } | undefined)?.flash;
  return flash?.form === form ? flash : null;
}
