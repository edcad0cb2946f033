import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { GroupCardData } from "~/domain/matching-types";
import { group as groupRules } from "~/content/site";
import { dateLabel, firstMeetingOn, weekdayName } from "~/domain/calendar";
import { isMinor } from "~/domain/minors";
import { agePeersNote, matchGroups, reasonLine, type MatchGroup, type MatchProfile, type MatchResult } from "~/domain/matching";
import { readAnswers } from "../crypto.server";
import type { Database } from "../db/client.server";
import { groupBookings, groups, questionnaireResponses, therapists } from "../db/schema";
import { logger } from "../logger.server";

type Reader = Pick<Database, "select">;

/** A group's own columns, as the matching page and the admin read them. */
export const groupColumns = {
  id: groups.id,
  name: groups.name,
  topic: groups.topic,
  situations: groups.situations,
  weekday: groups.weekday,
  timeSlot: groups.timeSlot,
  startTime: groups.startTime,
  ageMin: groups.ageMin,
  ageMax: groups.ageMax,
  capacity: groups.capacity,
  status: groups.status,
  startsOn: groups.startsOn,
};

/** The group's occupied seats: its confirmed bookings. */
export const confirmedCount = sql<number>`(select count(*)::int from ${groupBookings} b where b.group_id = ${groups.id} and b.status = 'confirmed')`;

const emptyProfile: MatchProfile = { age: "", current_situations: [], therapy_goals: [], time_preference: "", flexibility: [] };

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** Whether a group with this id exists (open or not). */
export async function groupExists(db: Reader, id: string) {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  return row !== undefined;
}

/** The newest questionnaire response of an e-mail address, if any. */
export async function latestResponse(db: Reader, email: string) {
  const [row] = await db
    .select()
    .from(questionnaireResponses)
    .where(eq(questionnaireResponses.email, normalizeEmail(email)))
    .orderBy(desc(questionnaireResponses.createdAt))
    .limit(1);
  return row;
}

type ResponseRow = typeof questionnaireResponses.$inferSelect;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
const string = (value: unknown): string => (typeof value === "string" ? value : "");

/** The answers are health data, encrypted at rest; a response we cannot read matches on its plain columns. */
function decryptedAnswers(response: ResponseRow): Record<string, unknown> {
  try {
    const answers = readAnswers(response.answers);
    return answers && typeof answers === "object" ? answers : {};
  } catch (error) {
    logger.warn({ err: String(error), response: response.id }, "questionnaire answers could not be decrypted for matching");
    return {};
  }
}

/**
 * The matching profile of a stored response. The free "Altro" texts count as answers too: the
 * matching reads themes from words, so "Mi sento spesso sola" still finds the loneliness group.
 */
export function profileOf(response: ResponseRow | undefined): MatchProfile {
  if (!response) return emptyProfile;
  const answers = decryptedAnswers(response);
  const withOther = (list: string, other: string) => {
    const extra = string(answers[other]).trim();
    return extra ? [...strings(answers[list]), extra] : strings(answers[list]);
  };
  return {
    age: response.age,
    current_situations: withOther("current_situations", "current_situations_other"),
    therapy_goals: withOther("therapy_goals", "therapy_goals_other"),
    time_preference: response.timePreference || string(answers.time_preference),
    flexibility: strings(answers.flexibility),
  };
}

export interface GroupWithTherapist extends MatchGroup {
  startsOn: string;
  therapist: GroupCardData["therapist"];
}

/** Groups (open ones by default) with their occupied spots (confirmed bookings) and therapist. */
export async function loadGroups(db: Reader, options: { ids?: string[]; onlyOpen?: boolean } = {}): Promise<GroupWithTherapist[]> {
  const conditions = [];
  if (options.onlyOpen ?? true) conditions.push(eq(groups.status, "open"));
  if (options.ids) conditions.push(inArray(groups.id, options.ids.length ? options.ids : ["00000000-0000-0000-0000-000000000000"]));
  const rows = await db
    .select({
      ...groupColumns,
      occupied: confirmedCount,
      memberAges: sql<
        string[]
      >`(select coalesce(array_agg(b.age_bracket), '{}') from ${groupBookings} b where b.group_id = ${groups.id} and b.status = 'confirmed' and b.age_bracket is not null)`,
      therapistId: therapists.id,
      therapistName: therapists.name,
      therapistRole: therapists.role,
      therapistImage: therapists.image,
      therapistDescription: therapists.description,
      therapistExperience: therapists.experience,
    })
    .from(groups)
    .innerJoin(therapists, eq(therapists.id, groups.therapistId))
    .where(conditions.length ? and(...conditions) : undefined);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    topic: row.topic,
    situations: row.situations,
    weekday: row.weekday,
    time_slot: row.timeSlot,
    start_time: row.startTime,
    age_min: row.ageMin,
    age_max: row.ageMax,
    member_ages: row.memberAges,
    capacity: row.capacity,
    occupied: Number(row.occupied),
    status: row.status,
    startsOn: row.startsOn,
    therapist: {
      id: row.therapistId,
      name: row.therapistName,
      role: row.therapistRole,
      image: row.therapistImage,
      description: row.therapistDescription,
      experience: row.therapistExperience,
    },
  }));
}

/** "E." from "Elena" or "E."; participants are health data, so a card never shows more. */
function anonymousParticipant(name: string | null, ageBracket: string | null) {
  const letter = /\p{L}/u.exec(name ?? "")?.[0]?.toLocaleUpperCase("it");
  const initial = letter ? `${letter}.` : "Partecipante";
  return ageBracket ? `${initial} · ${ageBracket}` : initial;
}

async function participantsOf(db: Reader, groupIds: string[]) {
  const byGroup = new Map<string, string[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({ groupId: groupBookings.groupId, name: groupBookings.name, ageBracket: groupBookings.ageBracket })
    .from(groupBookings)
    .where(and(inArray(groupBookings.groupId, groupIds), eq(groupBookings.status, "confirmed")))
    .orderBy(groupBookings.createdAt, groupBookings.id);
  for (const row of rows) {
    if (!row.groupId) continue;
    const list = byGroup.get(row.groupId) ?? [];
    list.push(anonymousParticipant(row.name, row.ageBracket));
    byGroup.set(row.groupId, list);
  }
  return byGroup;
}

export function scheduleOf(group: Pick<MatchGroup, "weekday" | "start_time">) {
  return `Ogni ${weekdayName(group.weekday)} alle ${group.start_time}`;
}

/** "lunedì 7 dicembre": the group's next meeting on its weekday, from its start date on (Italian time). */
export function firstMeetingLabel(group: { startsOn: string; weekday: number }) {
  return dateLabel(firstMeetingOn(group.startsOn, group.weekday));
}

function cardOf(result: MatchResult<GroupWithTherapist>, participants: string[], personal: boolean): GroupCardData {
  const { group } = result;
  return {
    groupId: group.id,
    groupName: group.name,
    therapist: group.therapist,
    occupiedSpots: Math.min(group.occupied, groupRules.totalSpots),
    totalSpots: groupRules.totalSpots,
    freeSpots: result.freeSpots,
    participants,
    isRecommended: personal && result.recommended,
    groupTopic: group.topic,
    schedule: scheduleOf(group),
    timeSlot: group.time_slot,
    startsOn: firstMeetingLabel(group),
    reasons: personal ? reasonLine(result) : "",
  };
}

/**
 * The group cards for a proven address (DESIGN §13): its newest questionnaire matched against the
 * open groups with free spots, best first, with the reasons. Without an address, or one with no
 * questionnaire, the same generic list for everyone: no badge, no reasons. `shown` keeps the first
 * cards only (the page shows a few and "Mostra altri"); `total` counts them all.
 */
export async function recommendedGroups(db: Reader, email: string | null, shown?: number) {
  const response = email ? await latestResponse(db, email) : undefined;
  // Groups are for adults: someone who answered "Meno di 18" is recommended none, and the page says why.
  if (isMinor(response?.age)) return { hasResponse: true, minor: true, ageNote: null, name: response?.name ?? null, total: 0, cards: [] as GroupCardData[] };
  const profile = profileOf(response);
  const results = matchGroups(profile, await loadGroups(db));
  const listed = shown === undefined ? results : results.slice(0, shown);
  const participants = await participantsOf(
    db,
    listed.map((result) => result.group.id),
  );
  return {
    hasResponse: Boolean(response),
    minor: false,
    ageNote: response ? agePeersNote(profile, results) : null,
    name: response?.name ?? null,
    total: results.length,
    cards: listed.map((result) => cardOf(result, participants.get(result.group.id) ?? [], Boolean(response))),
  };
}
