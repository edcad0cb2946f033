import { X509Certificate, constants, privateDecrypt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sanitelCodiceFiscaleCipher, sistemaTsCertificateStatus } from "./sistema-ts-cipher.server";
import { certificate, privateKey } from "../../tests/support/sanitel-test-certificate";

/** The padded block under the RSA: 00 02, random non-zero bytes, 00, the message (PKCS#1 v1.5, type 2). */
const paddedBlock = (base64: string) => privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, "base64"));

describe("sanitelCodiceFiscaleCipher", () => {
  it("encrypts a codice fiscale with PKCS#1 v1.5 padding under the certificate's key, in Base64", () => {
    const encrypted = sanitelCodiceFiscaleCipher(certificate)("RSSMRA80A41H501Y");
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]{171}=$/);
    const block = paddedBlock(encrypted);
    expect([...block.subarray(0, 2)]).toEqual([0, 2]);
    const separator = block.indexOf(0, 2);
    expect(separator).toBeGreaterThanOrEqual(10);
    expect(block.subarray(separator + 1).toString("ascii")).toBe("RSSMRA80A41H501Y");
  });

  it("gives a different ciphertext each time, so it can never serve as a key", () => {
    const encrypt = sanitelCodiceFiscaleCipher(certificate);
    expect(encrypt("RSSMRA80A41H501Y")).not.toBe(encrypt("RSSMRA80A41H501Y"));
  });

  it("reads the certificate in DER as well as PEM", () => {
    const der = new X509Certificate(certificate).raw;
    expect(paddedBlock(sanitelCodiceFiscaleCipher(der)("BNCLCU75B41F205Z")).toString("ascii")).toMatch(/BNCLCU75B41F205Z$/);
  });

  it("refuses an expired certificate before anything is uploaded", () => {
    expect(() => sanitelCodiceFiscaleCipher(certificate, new Date("2200-01-01"))).toThrow(/scaduto il 2126-/);
  });
});

describe("sistemaTsCertificateStatus", () => {
  it("says whether the configured certificate can encrypt today, and until when", () => {
    expect(sistemaTsCertificateStatus(null)).toEqual({ state: "missing" });
    expect(sistemaTsCertificateStatus(Buffer.from(certificate), new Date("2030-01-01"))).toEqual({ state: "ready", validTo: "2126-11-02" });
    expect(sistemaTsCertificateStatus(Buffer.from(certificate), new Date("2200-01-01"))).toEqual({ state: "expired", validTo: "2126-11-02" });
  });
});
