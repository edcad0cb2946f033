import { describe, expect, it } from "vitest";
import { groupSeeds } from "~/content/groups-seed";
import { ageBracket, matchGroups, type MatchGroup, type MatchProfile } from "./matching";

/**
 * The demo groups as the site serves them (Ritmi propri is full), and people described by their
 * answers: who should see which group first. The order is time the person can attend, then shared
 * themes, then the same slot, then age (see MATCH_WEIGHTS).
 */
const demoGroups: MatchGroup[] = groupSeeds.map((seed, index) => ({
  id: `g${index}`,
  name: seed.name,
  topic: seed.topic,
  situations: seed.situations,
  time_slot: seed.time_slot,
  weekday: seed.weekday,
  start_time: seed.start_time,
  age_min: seed.age_min,
  age_max: seed.age_max,
  member_ages: seed.confirmed_participants.map((member) => ageBracket(member.age)),
  capacity: seed.capacity,
  occupied: seed.confirmed_participants.length,
  status: seed.confirmed_participants.length >= seed.capacity ? "full" : seed.status,
}));

const SOLA = "Mi sento solə, anche quando sono in compagnia";
const FUTURO = "Il futuro mi mette ansia";
const TRAPPOLA = "Mi sento intrappolatə nella mia situazione";
const SOCIAL = "Mi confronto continuamente con gli altri, anche sui social";
const RITARDO = "Mi sento in ritardo rispetto agli altri";
const GIU = "Mi sento giù o senza motivazione da tempo";

type Persona = [label: string, profile: Partial<MatchProfile> & Pick<MatchProfile, "time_preference">, first: string];

const person = (profile: Persona[1]): MatchProfile => ({ age: "26-35", current_situations: [], therapy_goals: [], flexibility: ["Poco flessibile"], ...profile });

const personas: Persona[] = [
  ["18-25, afternoon, very flexible, no themes (the reported case)", { age: "18-25", time_preference: "Pomeriggio", flexibility: ["Molto flessibile"] }, "Oltre l'incertezza"],
  ["lonely, evening", { current_situations: [SOLA], time_preference: "Sera" }, "Legami"],
  ["lonely, morning, rigid", { current_situations: [SOLA], time_preference: "Mattina" }, "Nuove direzioni"],
  ["lonely, morning, very flexible", { current_situations: [SOLA], time_preference: "Mattina", flexibility: ["Molto flessibile"] }, "Legami"],
  ["anxious about the future, afternoon", { current_situations: [FUTURO], time_preference: "Pomeriggio" }, "Oltre l'incertezza"],
  ["anxious, evening, rigid: the time first", { current_situations: [FUTURO], time_preference: "Sera" }, "Legami"],
  ["anxious, evening, fairly flexible: the themes", { current_situations: [FUTURO], time_preference: "Sera", flexibility: ["Abbastanza flessibile"] }, "Oltre l'incertezza"],
  ["anxious goal only, morning, very flexible", { therapy_goals: ["Gestire meglio l'ansia"], time_preference: "Mattina", flexibility: ["Molto flessibile"] }, "Oltre l'incertezza"],
  ["trapped, morning", { current_situations: [TRAPPOLA], time_preference: "Mattina" }, "Nuove direzioni"],
  ["social comparison, afternoon, very flexible", { current_situations: [SOCIAL], time_preference: "Pomeriggio", flexibility: ["Molto flessibile"] }, "Nuove direzioni"],
  ["social comparison, afternoon, rigid", { current_situations: [SOCIAL], time_preference: "Pomeriggio" }, "Oltre l'incertezza"],
  [
    "lonely and anxious, evening, flexible: more themes win",
    { current_situations: [SOLA, FUTURO], therapy_goals: ["Sentirmi meno solə"], time_preference: "Sera", flexibility: ["Molto flessibile"] },
    "Legami",
  ],
  [
    "lonely now, anxious as a goal, afternoon, flexible",
    { current_situations: [SOLA], therapy_goals: ["Gestire meglio l'ansia"], time_preference: "Pomeriggio", flexibility: ["Molto flessibile"] },
    "Legami",
  ],
  ["late in life (full group's theme), evening", { current_situations: [RITARDO], time_preference: "Sera" }, "Legami"],
  ["down for a while, no theme, morning", { current_situations: [GIU], time_preference: "Mattina" }, "Nuove direzioni"],
  ["no themes, evening, 36-45", { age: "36-45", time_preference: "Sera" }, "Legami"],
  ["no themes, very flexible, 36-45: the age shared by members", { age: "36-45", time_preference: "Sera", flexibility: ["Molto flessibile"] }, "Legami"],
  ["no themes, morning, very flexible, 36-45", { age: "36-45", time_preference: "Mattina", flexibility: ["Molto flessibile"] }, "Nuove direzioni"],
  ["no themes, afternoon, very flexible, 18-25", { age: "18-25", time_preference: "Pomeriggio", flexibility: ["Molto flessibile"] }, "Oltre l'incertezza"],
  ["no time preference at all, lonely", { current_situations: [SOLA], time_preference: "" }, "Legami"],
  ["free text 'Altro': mi sento sola", { current_situations: ["Mi sento spesso sola"], time_preference: "Mattina", flexibility: ["Molto flessibile"] }, "Legami"],
  ["trapped and lonely, evening, rigid", { current_situations: [TRAPPOLA, SOLA], time_preference: "Sera" }, "Legami"],
  ["trapped and social, evening, fairly flexible", { current_situations: [TRAPPOLA, SOCIAL], time_preference: "Sera", flexibility: ["Abbastanza flessibile"] }, "Nuove direzioni"],
];

describe("who sees which group first (demo groups)", () => {
  it.each(personas)("%s → %s", (_label, profile, expected) => {
    const results = matchGroups(person(profile), demoGroups);
    expect(results[0]!.group.name).toBe(expected);
    expect(results[0]!.recommended).toBe(true);
    expect(results.map((result) => result.group.name)).not.toContain("Ritmi propri");
  });

  it("has at least twenty personas", () => {
    expect(personas.length).toBeGreaterThanOrEqual(20);
  });

  it("states only facts true of the group: no age reason when every member is of another bracket", () => {
    const results = matchGroups(person({ age: "18-25", time_preference: "Pomeriggio", flexibility: ["Molto flessibile"] }), demoGroups);
    const legami = results.find((result) => result.group.name === "Legami")!;
    expect(legami.reasons.join(" · ")).not.toContain("Fascia d'età adatta: 18-25");
    const first = results[0]!;
    expect(first.reasons).toContain("Stesso orario: Pomeriggio");
    for (const result of results) {
      for (const reason of result.reasons) {
        const age = /^Fascia d'età adatta: (.+)$/.exec(reason)?.[1];
        if (age) expect(result.group.member_ages!.length === 0 || result.group.member_ages!.includes(age)).toBe(true);
        const slot = /^Stesso orario: (.+)$/.exec(reason)?.[1];
        if (slot) expect(result.group.time_slot).toBe(slot);
      }
    }
  });

  it("is monotone: making one group fit better never moves it down", () => {
    for (const [, profile] of personas) {
      const base = matchGroups(person(profile), demoGroups);
      for (const [index, result] of base.entries()) {
        const better = {
          ...result.group,
          situations: [...result.group.situations, "sentirsi-soli", "ansia-futuro"],
          time_slot: person(profile).time_preference || result.group.time_slot,
        } as MatchGroup;
        const others = demoGroups.filter((candidate) => candidate.id !== better.id);
        const after = matchGroups(person(profile), [...others, better]).findIndex((candidate) => candidate.group.id === better.id);
        expect(after).toBeLessThanOrEqual(index);
      }
    }
  });

  it("orders by what the cards say: an earlier card never has a worse first differing signal", () => {
    for (const [, profile] of personas) {
      const results = matchGroups(person(profile), demoGroups);
      for (let index = 1; index < results.length; index += 1) expect(results[index - 1]!.score).toBeGreaterThanOrEqual(results[index]!.score);
    }
  });
});
