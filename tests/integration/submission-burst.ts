import { randomBytes } from "node:crypto";
import { validAnswers } from "./helpers";

/** One public submission of a burst: a questionnaire or a contact message, with its own Idempotency-Key. */
export interface BurstSubmission {
  kind: "questionnaire" | "contact";
  path: string;
  email: string;
  key: string;
  body: Record<string, unknown>;
}

/** `count` submissions, questionnaires and contact messages in turn, each from its own address. */
export function burstSubmissions(count: number, keyPrefix: string): BurstSubmission[] {
  return Array.from({ length: count }, (_, index) => {
    const questionnaire = index % 2 === 0;
    const email = `${questionnaire ? "questionario" : "contatto"}-${index}@example.com`;
    return {
      kind: questionnaire ? "questionnaire" : "contact",
      path: questionnaire ? "/api/submit-questionnaire" : "/api/send-contact-email",
      email,
      key: `${keyPrefix}-${index}-${randomBytes(6).toString("hex")}`,
      body: questionnaire
        ? { ...validAnswers, name: `Persona ${index}`, email }
        : { name: `Persona ${index}`, email, subject: `Domanda numero ${index}`, message: "Vorrei sapere come funzionano i gruppi." },
    };
  });
}

/** What the server answered one attempt: its status and JSON body. */
export interface BurstAnswer {
  status: number;
  body: { id?: string; error?: string };
}
