import { X509Certificate, constants, publicEncrypt } from "node:crypto";

/**
 * The codici fiscali as the Sistema TS wants them inside its file: RSA with PKCS#1 v1.5 padding
 * under the public key of its certificate (SanitelCF.cer, in the kit on sistemats.it), in Base64.
 * The padding is random, so the same code encrypts differently every time: encrypt while making
 * the file, never store the result. Pass the returned function to `sistemaTsXml`.
 */
export function sanitelCodiceFiscaleCipher(certificate: Buffer | string, now = new Date()) {
  const x509 = new X509Certificate(certificate);
  const expiry = new Date(x509.validTo);
  // The Sistema TS rejects the whole file when the key is stale; better to say so before the upload.
  if (expiry < now) throw new Error(`Il certificato del Sistema TS è scaduto il ${expiry.toISOString().slice(0, 10)}: scarica quello nuovo da sistemats.it.`);
  return (codiceFiscale: string) => publicEncrypt({ key: x509.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(codiceFiscale, "ascii")).toString("base64");
}

export type SistemaTsCertificateStatus = { state: "missing" } | { state: "expired" | "ready"; validTo: string };

/** Whether the configured certificate (SISTEMA_TS_CERTIFICATE, read by env.server.ts) can encrypt the file today. */
export function sistemaTsCertificateStatus(certificate: Buffer | null, now = new Date()): SistemaTsCertificateStatus {
  if (!certificate) return { state: "missing" };
  const expiry = new Date(new X509Certificate(certificate).validTo);
  return { state: expiry < now ? "expired" : "ready", validTo: expiry.toISOString().slice(0, 10) };
}
