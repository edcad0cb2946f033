import { auth } from "../../app/server/auth.server";
import type { Database } from "../../app/server/db/client.server";
import { action as homeAction } from "../../app/routes/client/home";
import { queuedMail } from "./helpers";
import { form, pageRequest, routeCaller } from "./route-calls";

let address = 0;

/**
 * A person signed in to /area-personale as a browser does: asks for the link on the sign-in form,
 * follows the link e-mailed to `email` (each from its own client address: better-auth limits each
 * address); returns the cookie the browser then sends.
 */
export async function signedInClient(db: Database, email: string) {
  const ip = `10.77.${Math.floor(++address / 250)}.${address % 250}`;
  const call = routeCaller(() => ({ db, clientIp: ip, cspNonce: "" }));
  await call(homeAction, pageRequest("/area-personale", { method: "POST", body: form({ intent: "request-link", email }) }));
  const mail = (await queuedMail(db)).filter((item) => item.to === email && item.template === "auth-client-area-link").at(-1);
  if (!mail) throw new Error(`no sign-in link for ${email}`);
  const url = /https?:\/\/[^"\s<>]+\/api\/auth\/magic-link\/verify\?[^"\s<>]+/.exec(mail.html)![0].replaceAll("&amp;", "&");
  const response = await auth(db).handler(new Request(url, { headers: { "x-client-ip": ip } }));
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`could not sign ${email} in`);
  return cookie;
}
