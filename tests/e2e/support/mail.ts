import { expect } from "@playwright/test";

const api = `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT ?? 2526}`;

export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/** Every e-mail the site delivered to this address through SMTP. */
export async function mailsTo(address: string): Promise<DeliveredMail[]> {
  const response = await fetch(`${api}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as DeliveredMail[];
}

/** Waits until an e-mail with this subject reaches the address, and returns it. */
export async function waitForMail(address: string, subject: string | RegExp): Promise<DeliveredMail> {
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address);
        found = mails.find((mail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
