import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { encode } from "uqr";
import { site } from "~/content/site";
import { auth, type SessionInfo } from "./auth.server";
import type { Database } from "./db/client.server";
import { twoFactor } from "./db/schema";

/** What an authenticator app needs: the otpauth URI (as a QR code) or the secret typed by hand. */
interface TotpEnrolment {
  uri: string;
  /** Base32, as authenticator apps ask for it when typed. */
  secret: string;
  qr: { size: number; path: string };
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, the encoding of the otpauth `secret` parameter. */
function base32(bytes: Uint8Array) {
  let output = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(buffer << (5 - bits)) & 31];
  return output;
}

/** The QR code as one SVG path of unit squares (drawn here: no third-party request, no script). */
function qrCode(text: string) {
  const { size, data } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

/**
 * The enrolment under way (better-auth stored the secret when TOTP was enabled, and waits for a
 * first code to confirm it): its URI again, so a reload or a mistyped code does not lose the QR.
 * Null when two-factor is already on or was never started.
 */
export async function pendingEnrolment(db: Database, session: SessionInfo): Promise<TotpEnrolment | null> {
  if (session.user.twoFactorEnabled) return null;
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, session.user.id));
  if (!row || row.verified !== false) return null;
  const context = await auth(db).$context;
  const raw = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const secret = base32(new TextEncoder().encode(raw));
  const label = `${encodeURIComponent(site.brand)}:${encodeURIComponent(session.user.email)}`;
  const uri = `otpauth://totp/${label}?${new URLSearchParams({ secret, issuer: site.brand, digits: "6", period: "30" })}`;
  return { uri, secret, qr: qrCode(uri) };
}
