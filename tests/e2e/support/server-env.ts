/**
 * What the end-to-end tests give the production server they start: fixed test secrets (production
 * refuses to start without them), demo content, and a known password for the demo admin (random
 * and printed once everywhere else).
 */
export const DEMO_ADMIN = { email: "admin@insieme.local", password: "e2e-demo-admin-Vq7rT2xL9w" } as const;

/** The demo therapist (linked to the therapist of the full demo group), with a known password. */
export const DEMO_THERAPIST = { email: "terapeuta@insieme.local", password: "e2e-demo-terapeuta-Hs4kP8zQ" } as const;

export const serverEnv = {
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123",
  DATA_ENCRYPTION_KEY: "ZTJlLXRlc3QtZW5jcnlwdGlvbi1rZXktMzJieXRlcyE=",
  SEED_DEMO: "true",
  DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
  DEMO_THERAPIST_PASSWORD: DEMO_THERAPIST.password,
};
