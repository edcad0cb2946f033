/** The ten situation ("problema") slugs, in the order shown on the home page: pages, groups and matching share them. */
export const PROBLEM_SLUGS = [
  "in-ritardo",
  "sentirsi-soli",
  "ansia-futuro",
  "sentirsi-intrappolati",
  "confronto-social",
  "troppe-scelte",
  "gli-altri-capiscono",
  "paura-cambiamento",
  "preoccupazioni-vita",
  "paura-tempo",
] as const;

export type ProblemSlug = (typeof PROBLEM_SLUGS)[number];

/** Type guard for route params: an unknown slug should redirect to /404. */
export function isProblemSlug(value: string | undefined): value is ProblemSlug {
  return value !== undefined && (PROBLEM_SLUGS as readonly string[]).includes(value);
}
