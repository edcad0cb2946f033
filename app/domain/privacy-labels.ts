export type PrivacyRequestType = "access" | "portability" | "erasure";

export const requestTypeLabels: Record<PrivacyRequestType, string> = {
  access: "Accesso (art. 15)",
  portability: "Portabilità (art. 20)",
  erasure: "Cancellazione (art. 17)",
};
