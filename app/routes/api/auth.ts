import type { Route } from "./+types/auth";
import { auth } from "~/server/auth.server";

/** better-auth's endpoints (sign-in, sign-out, two-factor, magic link, password reset...). */
export const loader = ({ request, context }: Route.LoaderArgs) => auth(context.db).handler(request);
export const action = ({ request, context }: Route.ActionArgs) => auth(context.db).handler(request);
