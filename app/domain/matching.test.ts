import { describe, expect, it } from "vitest";
import { agePeersNote, matchGroups, reasonLine, situationThemes, type MatchGroup, type MatchProfile } from "./matching";

function group(overrides: Partial<MatchGroup> & Pick<MatchGroup, "id" | "name">): MatchGroup {
  return {
    topic: "Solitudine e relazioni",
    situations: [],
    time_slot: "Sera",
    weekday: 2,
    start_time: "19:00",
    age_min: 18,
    age_max: 45,
    capacity: 8,
    occupied: 4,
    status: "open",
    ...overrides,
  };
}

const giulia: MatchProfile = {
  age: "26-35",
  current_situations: ["Mi sento solo anche quando sono con gli altri", "Ho ansia per il futuro"],
  therapy_goals: ["Imparare a gestire l'ansia"],
  time_preference: "Sera",
  flexibility: ["little"],
};

describe("situationThemes", () => {
  it.each([
    // the questionnaire's option labels, in any case
    ["Mi sento solo anche quando sono con gli altri", "sentirsi-soli"],
    ["Ho paura del cambiamento", "paura-cambiamento"],
    ["Mi sento bloccato/a nella mia vita", "sentirsi-intrappolati"],
    ["Mi confronto continuamente con gli altri sui social", "confronto-social"],
    ["Ho troppe SCELTE e non riesco a prendere una decisione", "troppe-scelte"],
    ["Sento di essere indietro rispetto ai miei coetanei", "in-ritardo"],
    // its gender-inclusive labels
    ["Mi sento solə, anche quando sono in compagnia", "sentirsi-soli"],
    ["Sentirmi meno solə", "sentirsi-soli"],
    ["Mi sento intrappolatə nella mia situazione", "sentirsi-intrappolati"],
    ["Mi confronto continuamente con gli altri, anche sui social", "confronto-social"],
    ["Gestire meglio l'ansia", "ansia-futuro"],
  ])("reads %j as the problem %j", (label, slug) => {
    expect(situationThemes(label)).toEqual([slug]);
  });

  it("does not read 'da tempo' (for a while) as the fear of time passing", () => {
    expect(situationThemes("Mi sento giù o senza motivazione da tempo")).toEqual([]);
    expect(situationThemes("Ho paura che il tempo mi sfugga")).toEqual(["paura-tempo"]);
  });

  it("accepts a problem slug as it is and gives nothing for Altro", () => {
    expect(situationThemes("paura-tempo")).toEqual(["paura-tempo"]);
    expect(situationThemes("Altro")).toEqual([]);
  });

  it("does not mistake words that merely contain a stem", () => {
    expect(situationThemes("Voglio risolvere i miei problemi")).toEqual([]);
    expect(situationThemes("Cerco una soluzione")).toEqual([]);
    expect(situationThemes("Ho ansia sociale")).toEqual(["ansia-futuro"]);
  });
});

describe("matchGroups", () => {
  it("shows an evening person the evening groups first", () => {
    const results = matchGroups(giulia, [
      group({ id: "a", name: "Mattino sereno", time_slot: "Mattina", weekday: 1 }),
      group({ id: "b", name: "Pomeriggio insieme", time_slot: "Pomeriggio", weekday: 1 }),
      group({ id: "c", name: "Sera di ascolto", time_slot: "Sera", weekday: 5 }),
    ]);

    expect(results.map((r) => r.group.id)).toEqual(["c", "a", "b"]);
    expect(results[0]?.reasons).toContain("Stesso orario: Sera");
  });

  it("recommends only the first result", () => {
    const results = matchGroups(giulia, [group({ id: "a", name: "Uno" }), group({ id: "b", name: "Due" })]);

    expect(results.map((r) => r.recommended)).toEqual([true, false]);
  });

  it("never returns full or closed groups, nor open groups without free spots", () => {
    const results = matchGroups(giulia, [
      group({ id: "full", name: "Completo", status: "full", occupied: 8 }),
      group({ id: "closed", name: "Chiuso", status: "closed", occupied: 2 }),
      group({ id: "no-room", name: "Aperto ma pieno", occupied: 8 }),
      group({ id: "over-cap", name: "Capienza oltre il limite", capacity: 12, occupied: 8 }),
      group({ id: "ok", name: "Con posti", occupied: 6 }),
    ]);

    expect(results.map((r) => r.group.id)).toEqual(["ok"]);
    expect(results[0]?.freeSpots).toBe(2);
  });

  it("returns nothing when there are no groups", () => {
    expect(matchGroups(giulia, [])).toEqual([]);
  });

  it("orders ties by weekday, then name, then id, whatever the input order", () => {
    const tied = [
      group({ id: "z", name: "Beta", weekday: 3 }),
      group({ id: "y", name: "Alfa", weekday: 3 }),
      group({ id: "x", name: "Gamma", weekday: 1 }),
      group({ id: "b", name: "Alfa", weekday: 3 }),
    ];

    const forward = matchGroups(giulia, tied).map((r) => r.group.id);
    const backward = matchGroups(giulia, [...tied].reverse()).map((r) => r.group.id);

    expect(forward).toEqual(["x", "b", "y", "z"]);
    expect(backward).toEqual(forward);
  });

  it("explains the match in Italian with shared themes, time and age", () => {
    const [best] = matchGroups(giulia, [group({ id: "a", name: "Sera di ascolto", situations: ["sentirsi-soli", "ansia-futuro", "paura-tempo"] })]);

    expect(best?.reasons).toEqual(["Stesso orario: Sera", "Temi in comune: solitudine, ansia per il futuro", "Fascia d'età adatta: 26-35"]);
    expect(reasonLine(best!)).toBe("Stesso orario: Sera · Temi in comune: solitudine, ansia per il futuro · Fascia d'età adatta: 26-35");
  });

  it("ranks the group that shares the person's themes above one that does not", () => {
    const results = matchGroups(giulia, [
      group({ id: "other", name: "Aaa scelte", situations: ["troppe-scelte"] }),
      group({ id: "shared", name: "Zzz solitudine", situations: ["sentirsi-soli"] }),
    ]);

    expect(results[0]?.group.id).toBe("shared");
  });

  it("weighs a theme the person lives now above one they only hope to work on", () => {
    const profile: MatchProfile = {
      ...giulia,
      current_situations: ["Mi sento solo"],
      therapy_goals: ["Affrontare il cambiamento"],
    };
    const results = matchGroups(profile, [group({ id: "goal", name: "A", situations: ["paura-cambiamento"] }), group({ id: "now", name: "B", situations: ["sentirsi-soli"] })]);

    expect(results.map((r) => r.group.id)).toEqual(["now", "goal"]);
  });

  it("counts a group keyword found in the person's answers", () => {
    const profile: MatchProfile = { ...giulia, current_situations: ["Stress per il lavoro"] };
    const [withKeyword, without] = matchGroups(profile, [group({ id: "plain", name: "A" }), group({ id: "work", name: "B", keywords: ["lavoro"] })]);

    expect(withKeyword?.group.id).toBe("work");
    expect(withKeyword?.reasons).toContain("Temi in comune: lavoro");
    expect(withKeyword!.score).toBeGreaterThan(without!.score);
  });

  /** Giulia prefers the evening: her score for a morning group, with the flexibility she chose. */
  const morningGroup = group({ id: "m", name: "Mattino", time_slot: "Mattina" });
  const scoreWith = (flexibility: string[]) => matchGroups({ ...giulia, flexibility }, [morningGroup])[0]!.score;

  it("reads the questionnaire's Italian flexibility labels", () => {
    expect(scoreWith(["Molto flessibile"])).toBe(scoreWith(["very"]));
    expect(scoreWith(["Abbastanza flessibile"])).toBe(scoreWith(["fairly"]));
    expect(scoreWith(["Poco flessibile"])).toBe(scoreWith(["little"]));
  });

  it("lets a very or fairly flexible person take another slot; a little flexible one cannot", () => {
    expect(scoreWith(["very"])).toBe(scoreWith(["fairly"]));
    expect(scoreWith(["fairly"])).toBeGreaterThan(scoreWith(["little"]));
    expect(scoreWith(["little"])).toBe(scoreWith(["Altro"]));
    expect(scoreWith(["little", "very"])).toBe(scoreWith(["very"]));

    const [flexible] = matchGroups({ ...giulia, flexibility: ["very"] }, [morningGroup]);
    expect(flexible?.reasons).toContain("Orario diverso, ma hai indicato flessibilità");
    const [rigid] = matchGroups(giulia, [morningGroup]);
    expect(rigid?.reasons).not.toContain("Orario diverso, ma hai indicato flessibilità");
  });

  it("still prefers the same time slot over a flexible mismatch", () => {
    const results = matchGroups({ ...giulia, flexibility: ["very"] }, [
      group({ id: "m", name: "A", time_slot: "Mattina", weekday: 1 }),
      group({ id: "s", name: "B", time_slot: "Sera", weekday: 7 }),
    ]);

    expect(results[0]?.group.id).toBe("s");
  });

  it("lowers the score of a group whose age range excludes the person", () => {
    const fitting = group({ id: "fit", name: "Giovani adulti", age_min: 25, age_max: 40 });
    const older = group({ id: "old", name: "Over 50", age_min: 50, age_max: 70 });
    const [first, second] = matchGroups(giulia, [older, fitting]);

    expect(first?.group.id).toBe("fit");
    expect(second!.score).toBeLessThan(first!.score);
    expect(second?.reasons.some((r) => r.startsWith("Fascia d'età"))).toBe(false);

    const unknownAge = matchGroups({ ...giulia, age: "" }, [older])[0]!;
    expect(second!.score).toBeLessThan(unknownAge.score);
  });

  it("names a theme matched only through a goal in the goal's own words, never as a theme the person did not choose", () => {
    const profile: MatchProfile = { ...giulia, current_situations: ["Mi sento in ritardo rispetto agli altri"], therapy_goals: ["Gestire meglio l'ansia"] };
    const [best] = matchGroups(profile, [group({ id: "a", name: "Passi", situations: ["in-ritardo", "ansia-futuro"] })]);

    expect(best?.reasons).toContain("Temi in comune: sentirsi in ritardo, gestire meglio l'ansia");
    expect(reasonLine(best!)).not.toContain("ansia per il futuro");
  });
});

describe("reasonLine", () => {
  it("gives every card a line, even one that shares neither time, themes nor age", () => {
    const [only] = matchGroups(giulia, [group({ id: "m", name: "Mattino", time_slot: "Mattina", age_min: 50, age_max: 70, occupied: 4 })]);

    expect(only?.reasons).toEqual([]);
    expect(reasonLine(only!)).toBe("Ha ancora 4 posti liberi");
    expect(reasonLine({ reasons: [], freeSpots: 1 })).toBe("Ha ancora 1 posto libero");
  });
});

describe("agePeersNote", () => {
  const fifty: MatchProfile = { ...giulia, age: "46-55" };
  const young = group({ id: "y", name: "Giovani", age_min: 18, age_max: 60, member_ages: ["26-35", "26-35"] });

  it("says plainly when no group offered has anyone of the person's age", () => {
    expect(agePeersNote(fifty, matchGroups(fifty, [young, group({ id: "e", name: "Vuoto", age_min: 18, age_max: 60 })]))).toContain(
      "non ci sono persone della tua fascia d'età (46-55)",
    );
  });

  it("says nothing when someone shares it, when the age is unknown, or when no group is offered", () => {
    const peers = group({ id: "p", name: "Coetanei", age_min: 18, age_max: 60, member_ages: ["46-55"] });
    expect(agePeersNote(fifty, matchGroups(fifty, [young, peers]))).toBeNull();
    expect(agePeersNote({ age: "" }, matchGroups(fifty, [young]))).toBeNull();
    expect(agePeersNote(fifty, [])).toBeNull();
  });
});
