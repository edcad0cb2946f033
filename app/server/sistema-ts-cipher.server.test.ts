import { X509Certificate, constants, privateDecrypt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sanitelCodiceFiscaleCipher } from "./sistema-ts-cipher.server";

/** A throwaway 1024-bit certificate and its key (the size of the Sistema TS one), valid until 2126; test-only. */
const certificate = `-----BEGIN CERTIFICATE-----
MIICEDCCAXmgAwIBAgIUYUR8IHrsMpDnWgfI3Uu755uJDMEwDQYJKoZIhvcNAQEL
BQAwGTEXMBUGA1UEAwwOVGVzdCBTYW5pdGVsQ0YwIBcNMjYxMTI2MTQzMDE2WhgP
MjEyNjExMDIxNDMwMTZaMBkxFzAVBgNVBAMMDlRlc3QgU2FuaXRlbENGMIGfMA0G
CSqGSIb3DQEBAQUAA4GNADCBiQKBgQDARzfwYUtszPknKvWtufMiImB/R2MsbfMw
h8Sv/aygfEP/eyNNQU4YAz7HdBgz8voHdC1C6ydRr4SJTuXQuBRRolPqPRsryiWj
kLNSyDJPiD6pEX5pXPWxQr+ByB9eU1xlw4XOBFT1erJPhaeCDgpQZOWaKBA34SZV
3gWkH2PrCQIDAQABo1MwUTAdBgNVHQ4EFgQU1vG8L8AfkJPifRQMuC+TbEGRmA4w
HwYDVR0jBBgwFoAU1vG8L8AfkJPifRQMuC+TbEGRmA4wDwYDVR0TAQH/BAUwAwEB
/zANBgkqhkiG9w0BAQsFAAOBgQBMKcUff28N6leTGFa+3tQp72nV8678sDYiBZVO
DHnhnKLspA/YC/qY7yYcvEL+wZWu/Z9CkrLGcWMN7CXukybBnm2oSVzS0r/mfBDe
N6rwHzg5Yrtn31KXpBgmNAPNWJDwLORK9l3IjKk9LiCNd6XjkMwqE1di8ccMWJIl
RRrJbA==
-----END CERTIFICATE-----`;
const privateKey = `-----BEGIN PRIVATE KEY-----
MIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBAMBHN/BhS2zM+Scq
9a258yIiYH9HYyxt8zCHxK/9rKB8Q/97I01BThgDPsd0GDPy+gd0LULrJ1GvhIlO
5dC4FFGiU+o9GyvKJaOQs1LIMk+IPqkRfmlc9bFCv4HIH15TXGXDhc4EVPV6sk+F
p4IOClBk5ZooEDfhJlXeBaQfY+sJAgMBAAECgYEAhFU/wbgkwhf8bqGZftyY4mhI
g7DtJ5nwovj+PKXZloaQAhiMvlHw3oP1RC65rZ9Px6uErybK4+Rp0lqzvsfCaw9K
j6rZ0AEGJX15tcdAVHly3HtVcAEnG9vOpikOv1LWotjYrIDv9juovQjp6HG2uBHh
MA5xcR5EkwL9vr30nFUCQQDkPfMzBcds6TRoYdb9rFrjDfVtUUm3JyUa77OKwPIj
8uGVEDtLzNUPgLTsssTcv7yosNWXFKBRG0YqHrFT/ncvAkEA16mT0jLMY2vyos8W
/15btHSw0FDzuedVPQqcddYbw37kgXw+5kCJ63apRWB0gELmMAQmjvcQu9I6wUZ8
8nWzRwJBAN6WD9wdcawkDckSSaFgec5eqY+vq60jTstjInxZyIsIbbh6eOlmXA5f
XZJMkTIbBviYY+SP5/zRFW80OYmJa18CQAmFHdZgka8t27ceJyi8tJWhtRBtEmU5
dgTMzB1Th0Q4/MNOhcRKQwxW36AFYv8qdNjXxg/3jhCMdjWD9A4L7g8CQHeQhbqy
SGDhaQx+oK97lHmOjOmdemh5lS+/JptZwLP3UrcsfAkFf/miQ998nYDyQRfvOBGY
P200VYiotX0qs2Y=
-----END PRIVATE KEY-----`;

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
