import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  type PgColumnBuilderBase,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { reviewStatuses } from "../../domain/client-area";
import { correctionKinds, invoiceKinds, paymentMethods } from "../../domain/ledger";
import { privacyRequestTypes } from "../../domain/privacy-labels";
import { availabilityExceptionKinds, intakeCallStatuses } from "../../domain/intake-calls";
import { outcomeAdministrationStatuses, outcomeConsentDecisions, outcomeOccasions } from "../../domain/outcome-measures";
import { safetyAlertKinds } from "../../domain/safety";
import { callOutcomes, referralReasons, riskLevels } from "../../domain/call-outcomes";
import { attendanceStatuses, sessionStatuses } from "../../domain/sessions";
import {
  bookingStatuses,
  consentForms,
  contactStatuses,
  groupStatuses,
  jobStatuses,
  legalDocumentTypes,
  newsletterStatuses,
  outboxStatuses,
  personRequestKinds,
  privacyRequestStatuses,
  timeSlots,
} from "../../domain/statuses";
import type { Sealed } from "../crypto.server";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A request a member makes from the client area, about one of their bookings (move_requests, isee_requests). */
const memberRequestColumns = () => ({
  id: id(),
  bookingId: uuid("booking_id")
    .notNull()
    .references(() => groupBookings.id, { onDelete: "cascade" }),
});

/** Staff's review of such a request: its state and, once decided, what was decided (`decision`), why, when and by whom. */
const reviewColumns = <Decision extends Record<string, PgColumnBuilderBase>>(decision: Decision = {} as Decision) => ({
  status: text("status", { enum: reviewStatuses }).notNull().default("pending"),
  ...decision,
  decisionReason: text("decision_reason"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  decidedBy: text("decided_by"),
  createdAt: createdAt(),
});

/** At most one pending request per booking (a repeated submit finds the open one); staff's list by state, a booking's by date. */
const reviewedRequestIndexes = (table: string, t: { bookingId: AnyPgColumn; status: AnyPgColumn; createdAt: AnyPgColumn }) => [
  uniqueIndex(`${table}_open_idx`)
    .on(t.bookingId)
    .where(sql`${t.status} = 'pending'`),
  index(`${table}_status_idx`).on(t.status, t.createdAt),
  index(`${table}_booking_idx`).on(t.bookingId, t.createdAt),
];

export const therapists = pgTable(
  "therapists",
  {
    id: id(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    specialization: text("specialization").notNull(),
    experience: text("experience").notNull(),
    description: text("description").notNull(),
    biography: text("biography"),
    image: text("image"),
    registrationNumber: text("registration_number"),
    qualifications: text("qualifications")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    approaches: text("approaches")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text("email"),
    /** The therapist's video room for intake calls (https); without it the therapist phones the person. */
    callRoomUrl: text("call_room_url"),
    /** The therapist's own account (role therapist), once staff have invited them. */
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("therapists_created_at_idx").on(t.createdAt), check("therapists_call_room_url_check", sql`${t.callRoomUrl} is null or ${t.callRoomUrl} like 'https://%'`)],
);

export const groups = pgTable(
  "groups",
  {
    id: id(),
    therapistId: uuid("therapist_id")
      .notNull()
      .references(() => therapists.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    topic: text("topic").notNull(),
    situations: text("situations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    weekday: smallint("weekday").notNull(),
    timeSlot: text("time_slot", { enum: timeSlots }).notNull(),
    startTime: text("start_time").notNull(),
    ageMin: smallint("age_min").notNull().default(18),
    ageMax: smallint("age_max").notNull().default(99),
    capacity: smallint("capacity").notNull().default(8),
    status: text("status", { enum: groupStatuses }).notNull().default("open"),
    startsOn: date("starts_on").notNull(),
    /** The video-call link (https): only for the group's members, its therapist and staff, never on a public page. */
    videoUrl: text("video_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("groups_video_url_check", sql`${t.videoUrl} is null or ${t.videoUrl} like 'https://%'`),
    check("groups_capacity_check", sql`${t.capacity} between 1 and 8`),
    check("groups_weekday_check", sql`${t.weekday} between 1 and 7`),
    check("groups_age_check", sql`${t.ageMin} <= ${t.ageMax}`),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    excerpt: text("excerpt").notNull(),
    content: text("content"),
    readTime: text("read_time").notNull(),
    publishedDate: date("published_date").notNull(),
    imageUrl: text("image_url"),
    imageCredits: text("image_credits"),
    slug: text("slug"),
    isFeatured: boolean("is_featured").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    metaTitle: text("meta_title").notNull(),
    metaDescription: text("meta_description").notNull(),
    introduction: text("introduction"),
    mainSections: jsonb("main_sections").$type<{ type: "h2" | "h3"; title: string; content: string }[]>().notNull().default([]),
    internalLinks: jsonb("internal_links").$type<{ text: string; url: string }[]>().notNull().default([]),
    externalLinks: jsonb("external_links").$type<{ text: string; url: string }[]>().notNull().default([]),
    conclusion: text("conclusion"),
    ctaText: text("cta_text"),
    ctaLink: text("cta_link"),
    imagesData: jsonb("images_data").$type<{ url: string; alt: string; caption?: string | null; position: number }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("blog_posts_slug_idx").on(t.slug), index("blog_posts_published_idx").on(t.isPublished, t.publishedDate)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: contactStatuses }).notNull().default("new"),
    createdAt: createdAt(),
    /** The version an admin edit was loaded from (optimistic concurrency). */
    updatedAt: updatedAt(),
  },
  (t) => [index("contacts_created_at_idx").on(t.createdAt), index("contacts_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: id(),
  email: text("email").notNull().unique(),
  status: text("status", { enum: newsletterStatuses }).notNull().default("pending"),
  confirmToken: text("confirm_token").notNull().unique(),
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  source: text("source").notNull().default("website"),
  createdAt: createdAt(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
});

export const questionnaireResponses = pgTable(
  "internal_questionnaire_responses",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    age: text("age").notNull(),
    gender: text("gender").notNull(),
    city: text("city").notNull(),
    /** Health data (GDPR art. 9): every answer below is stored as one encrypted JSON document. */
    answers: jsonb("answers").notNull(),
    timePreference: text("time_preference").notNull(),
    sourceDiscovery: text("source_discovery").notNull(),
    newsletterSubscription: text("newsletter_subscription").notNull(),
    privacyConsent: boolean("privacy_consent").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    selectedGroupTherapist: text("selected_group_therapist"),
    status: text("status").notNull().default("completed"),
    source: text("source"),
    utm: jsonb("utm").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("responses_created_at_idx").on(t.createdAt),
    // The dashboard's "Come ci hanno conosciuto" counts from this index alone (an index-only scan).
    index("responses_source_idx").on(t.sourceDiscovery),
    // The statuses present, for the list's filter, one probe each (migration 0034).
    index("responses_status_idx").on(t.status),
    index("responses_email_idx").on(t.email),
    index("responses_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

export const groupBookings = pgTable(
  "group_bookings",
  {
    id: id(),
    responseId: uuid("response_id").references(() => questionnaireResponses.id, { onDelete: "set null" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    therapistId: uuid("therapist_id").references(() => therapists.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name"),
    ageBracket: text("age_bracket"),
    status: text("status", { enum: bookingStatuses }).notNull().default("requested"),
    callRequested: boolean("call_requested").notNull().default(false),
    phone: text("phone"),
    /** When staff approved the member's ISEE attestation: the reduced rate applies to sessions after it. */
    iseeApprovedAt: timestamp("isee_approved_at", { withTimezone: true }),
    iseeApprovedBy: text("isee_approved_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_group_idx").on(t.groupId, t.status),
    index("bookings_created_at_idx").on(t.createdAt),
    // A person across their bookings (their account page, a contact who is a member, the client area): by address, in lower case.
    index("bookings_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** Empty while `content` waits for the worker to render it (a template queued by name). */
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    /** Sealed `{ component, props }` of a template the worker renders (see mail/catalogue.server.ts). */
    content: jsonb("content").$type<Sealed>(),
    attachments: jsonb("attachments").$type<{ filename: string; bucket: "documents"; key: string; contentType: string }[]>().notNull().default([]),
    template: text("template").notNull(),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The mailbox's order (/admin/posta), and the privacy export and erasure's lower("to") = …
    index("outbox_created_at_idx").on(t.createdAt, t.id),
    index("outbox_to_lower_idx").on(sql`lower(${t.to})`),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("jobs_due_idx").on(t.status, t.runAt)],
);

export const idempotencyKeys = pgTable("idempotency_keys", {
  key: text("key").primaryKey(),
  scope: text("scope").notNull(),
  requestHash: text("request_hash").notNull(),
  status: integer("status"),
  body: jsonb("body"),
  createdAt: createdAt(),
});

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

/** Replay guard of the anti-spam proof of work: each solved challenge (its hash) is accepted once, until it expires. */
export const usedChallenges = pgTable(
  "used_challenges",
  {
    challengeHash: text("challenge_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_challenges_expires_idx").on(t.expiresAt)],
);

export const funnelSteps = pgTable(
  "funnel_steps",
  {
    day: date("day").notNull(),
    step: smallint("step").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("funnel_day_step_idx").on(t.day, t.step)],
);

export const documents = pgTable("documents", {
  type: text("type", { enum: legalDocumentTypes }).primaryKey(),
  fileName: text("file_name").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  uploadedBy: text("uploaded_by"),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});

export const registrations = pgTable(
  "registrations",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthDate: date("birth_date").notNull(),
    email: text("email").notNull(),
    accordoServizio: boolean("accordo_servizio").notNull(),
    terminiCondizioni: boolean("termini_condizioni").notNull(),
    privacy: boolean("privacy").notNull(),
    autorizzazioneContatto: boolean("autorizzazione_contatto").notNull(),
    newsletter: boolean("newsletter").notNull().default(false),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("registrations_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const consentRecords = pgTable(
  "consent_records",
  {
    id: id(),
    email: text("email").notNull(),
    form: text("form", { enum: consentForms }).notNull(),
    consent: text("consent").notNull(),
    textVersion: text("text_version").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consents_email_idx").on(t.email), index("consents_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_created_at_idx").on(t.createdAt)],
);

/* Auth tables, in the shape better-auth expects (model and field names), snake_case columns. */
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const twoFactor = pgTable("two_factor", {
  id: text("id").primaryKey(),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  verified: boolean("verified").default(true),
  failedVerificationCount: integer("failed_verification_count").default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
});

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Failed password sign-ins per account and client address (a few), and per account from anywhere
 * (many more, the backstop): past either limit the sign-in is refused for a while, longer each time. Keyed by a keyed hash of the e-mail
 * address, whether an account exists or not, so the answer never tells which.
 */
export const signInLockouts = pgTable("sign_in_lockouts", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  /** On an account's own row once it is locked: the e-mailed unlock link's token, hashed, and when it stops working. */
  unlockTokenHash: text("unlock_token_hash").unique(),
  unlockExpiresAt: timestamp("unlock_expires_at", { withTimezone: true }),
});

/* Groups, matching and booking (DESIGN.md section 7). */

/**
 * The free introductory calls, each owned by the therapist who takes it. An exclusion constraint
 * (migration 0028, btree_gist) makes the database the judge of "this therapist is busy then": two
 * booked calls of one therapist never overlap, whatever requests run in parallel. A cancelled call
 * stays (the person's history, the e-mailed .ics it cancelled); a moved call keeps its row with a
 * higher `sequence`, as calendars expect. The call's outcome (issue 30 point 3) will be columns added
 * here. `therapist_id` is null only on calls booked before calls had a therapist.
 */
export const intakeCalls = pgTable(
  "intake_calls",
  {
    id: id(),
    therapistId: uuid("therapist_id").references(() => therapists.id, { onDelete: "restrict" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    email: text("email").notNull(),
    name: text("name"),
    phone: text("phone").notNull(),
    bookingId: uuid("booking_id").references(() => groupBookings.id, { onDelete: "set null" }),
    status: text("status", { enum: intakeCallStatuses }).notNull().default("booked"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The iCalendar SEQUENCE of the invite: raised by every move and by the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** When the 24-hour reminder was queued to both; cleared when the call moves. */
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true }),
    /** The outcome its therapist (or staff) recorded after the call, with the risk level seen (issue 30 points 3, 5). */
    outcome: text("outcome", { enum: callOutcomes }),
    outcomeGroupId: uuid("outcome_group_id").references(() => groups.id, { onDelete: "set null" }),
    riskLevel: text("risk_level", { enum: riskLevels }),
    referralReason: text("referral_reason", { enum: referralReasons }),
    referralNote: text("referral_note"),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    outcomeBy: text("outcome_by"),
    /** When the outcome's effects ran (booking, e-mails): a correction changes the record, never sends again. */
    outcomeAppliedAt: timestamp("outcome_applied_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("intake_calls_therapist_idx").on(t.therapistId, t.startsAt),
    index("intake_calls_starts_at_idx").on(t.startsAt),
    index("intake_calls_email_idx").on(sql`lower(${t.email})`),
    check("intake_calls_range_check", sql`${t.startsAt} < ${t.endsAt}`),
    check("intake_calls_cancelled_check", sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check("intake_calls_high_risk_check", sql`${t.riskLevel} is distinct from 'high' or ${t.outcome} = 'not_suitable'`),
    index("intake_calls_outcome_idx").on(t.outcomeAt),
  ],
);

/**
 * A risk someone must look at (issue 30 point 5): raised once per source (an intake call, a PHQ-9),
 * e-mailed to staff and the therapist without clinical content, open until staff acknowledge it with a
 * note; the therapist acknowledges too, from their area. Unacknowledged by staff after 24 hours, staff
 * are e-mailed again, once (escalated_at).
 */
export const safetyAlerts = pgTable(
  "safety_alerts",
  {
    id: id(),
    kind: text("kind", { enum: safetyAlertKinds }).notNull(),
    bookingId: uuid("booking_id").references(() => groupBookings.id, { onDelete: "set null" }),
    email: text("email"),
    therapistId: uuid("therapist_id").references(() => therapists.id, { onDelete: "set null" }),
    /** The record that raised it (an intake call, a measure's answers): one alert per kind and source. */
    sourceId: uuid("source_id"),
    staffAcknowledgedAt: timestamp("staff_acknowledged_at", { withTimezone: true }),
    staffAcknowledgedBy: text("staff_acknowledged_by"),
    staffNote: text("staff_note"),
    therapistAcknowledgedAt: timestamp("therapist_acknowledged_at", { withTimezone: true }),
    therapistNote: text("therapist_note"),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("safety_alerts_source_idx").on(t.kind, t.sourceId),
    index("safety_alerts_open_idx")
      .on(t.createdAt)
      .where(sql`${t.staffAcknowledgedAt} is null`),
    index("safety_alerts_therapist_idx").on(t.therapistId, t.createdAt),
    check("safety_alerts_staff_ack_check", sql`(${t.staffAcknowledgedAt} is null) = (${t.staffNote} is null)`),
    check("safety_alerts_therapist_ack_check", sql`(${t.therapistAcknowledgedAt} is null) = (${t.therapistNote} is null)`),
  ],
);

/**
 * A therapist's weekly windows for intake calls, in Italian time: ISO weekday (1 Monday … 7 Sunday)
 * and minutes from midnight. Windows of one therapist on one weekday never overlap (an exclusion
 * constraint in migration 0028). A therapist takes intake calls when they have any window.
 */
export const therapistAvailability = pgTable(
  "therapist_availability",
  {
    id: id(),
    therapistId: uuid("therapist_id")
      .notNull()
      .references(() => therapists.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("therapist_availability_therapist_idx").on(t.therapistId, t.weekday),
    check("therapist_availability_weekday_check", sql`${t.weekday} between 1 and 7`),
    check("therapist_availability_range_check", sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
  ],
);

/** One date's exception to the weekly windows: the whole day off, or extra hours that day (Italian time). */
export const therapistAvailabilityExceptions = pgTable(
  "therapist_availability_exceptions",
  {
    id: id(),
    therapistId: uuid("therapist_id")
      .notNull()
      .references(() => therapists.id, { onDelete: "cascade" }),
    onDate: date("on_date").notNull(),
    kind: text("kind", { enum: availabilityExceptionKinds }).notNull(),
    startMinute: smallint("start_minute"),
    endMinute: smallint("end_minute"),
    createdAt: createdAt(),
  },
  (t) => [
    index("therapist_exceptions_therapist_idx").on(t.therapistId, t.onDate),
    check(
      "therapist_exceptions_shape_check",
      sql`(${t.kind} = 'off' and ${t.startMinute} is null and ${t.endMinute} is null) or (${t.kind} = 'extra' and 0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440)`,
    ),
  ],
);

/**
 * People waiting for a seat: in one group, or (group_id null) in any group. A freed seat
 * notifies the first one waiting, once (notified_at is set in the same transaction).
 */
export const groupWaitlist = pgTable(
  "group_waitlist",
  {
    id: id(),
    email: text("email").notNull(),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "cascade" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    notifiedGroupId: uuid("notified_group_id"),
    /** The job that sent the notice: a repeated run of the same job notifies nobody else. */
    notifiedJobId: uuid("notified_job_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("group_waitlist_waiting_idx")
      .on(t.email, sql`coalesce(${t.groupId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.notifiedAt} is null`),
    index("group_waitlist_queue_idx").on(t.createdAt),
    index("group_waitlist_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

/** Data-subject requests (GDPR arts. 15-17, 20): tracked with their 30-day due date. */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: id(),
    email: text("email").notNull(),
    type: text("type", { enum: privacyRequestTypes }).notNull(),
    status: text("status", { enum: privacyRequestStatuses }).notNull().default("open"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    handledBy: text("handled_by"),
    note: text("note"),
  },
  (t) => [index("privacy_requests_due_idx").on(t.status, t.dueAt), index("privacy_requests_email_idx").on(t.email)],
);

/**
 * Proof of identity for a person without an account (DESIGN §13): a capability token issued at
 * submission or by a confirmed e-mail link. Only a hash of the token is stored.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    responseId: uuid("response_id").references(() => questionnaireResponses.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("access_tokens_hash_idx").on(t.tokenHash), index("access_tokens_email_idx").on(t.email)],
);

/** A write asked for an address without proof: done only when the link e-mailed to it is confirmed. */
export const pendingActions = pgTable(
  "pending_actions",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    kind: text("kind", { enum: personRequestKinds }).notNull(),
    payload: jsonb("payload").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    result: jsonb("result"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pending_actions_hash_idx").on(t.tokenHash), index("pending_actions_email_idx").on(t.email)],
);

/**
 * One weekly meeting of a group (90 minutes), materialised ahead from its weekday and start time.
 * A cancelled or moved meeting keeps its row, so the rolling window never creates it again; only
 * a `scheduled` meeting is ever charged (the charges read the status, then the attendance).
 */
export const groupSessions = pgTable(
  "group_sessions",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: sessionStatuses }).notNull().default("scheduled"),
    /** For a moved meeting: the meeting that replaces it. */
    movedTo: uuid("moved_to").references((): AnyPgColumn => groupSessions.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("group_sessions_group_start_idx").on(t.groupId, t.startsAt),
    index("group_sessions_starts_at_idx").on(t.startsAt),
    check("group_sessions_time_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Holidays: no meeting is materialised on these dates (Italian calendar dates, both ends included); no group = every group. */
export const groupClosures = pgTable(
  "group_closures",
  {
    id: id(),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "cascade" }),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [check("group_closures_range_check", sql`${t.startsOn} <= ${t.endsOn}`)],
);

/**
 * Who came to a meeting: one row per meeting and confirmed member (their booking). The status
 * decides the charge: present and absent_unnotified owe the fee, absent_notified does not.
 * recorded_by is the user who marked it; null when the member's own announcement recorded it.
 */
export const attendance = pgTable(
  "attendance",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => groupBookings.id, { onDelete: "cascade" }),
    status: text("status", { enum: attendanceStatuses }).notNull(),
    /** When the member announced the absence (their own announcement), if they did. */
    announcedAt: timestamp("announced_at", { withTimezone: true }),
    recordedBy: text("recorded_by"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attendance_session_booking_idx").on(t.sessionId, t.bookingId),
    index("attendance_booking_idx").on(t.bookingId),
    // A meeting's charged marks counted from the index alone (the books' monthly figures, migration 0033).
    index("attendance_session_status_idx").on(t.sessionId, t.status),
  ],
);

/**
 * The 24-hour reminder of one meeting to one member (their booking), queued once: the reminder job
 * inserts here in the transaction that queues the e-mail, and the unique (session, booking) turns a
 * second run, a restart or another instance into a no-op.
 */
export const sessionReminders = pgTable(
  "session_reminders",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => groupBookings.id, { onDelete: "cascade" }),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("session_reminders_session_booking_idx").on(t.sessionId, t.bookingId), index("session_reminders_booking_idx").on(t.bookingId)],
);

/**
 * Money received from a member (their booking), recorded by staff or by Stripe. Append-only: a
 * payment is never edited or deleted; a mistake is corrected by a credit note (a `refunds` row of
 * kind correction). Its fattura sanitaria is an `invoices` row, drawn in the same transaction when
 * both the practice's and the person's fiscal data are complete, later otherwise.
 * idempotency_key comes from the form, so a double submit records one payment.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    /** Null once the member's data was erased: the invoice itself is an accounting record and stays. */
    bookingId: uuid("booking_id").references(() => groupBookings.id, { onDelete: "set null" }),
    /** The payer's name as it was when the payment was recorded. */
    payerName: text("payer_name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: paymentMethods }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    note: text("note"),
    /** The bank transfer's causale staff matched, if any. */
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").unique(),
    /** A payment made online: its Stripe PaymentIntent (or Checkout Session) id, for staff to find it in Stripe. */
    stripeReference: text("stripe_reference"),
    recordedBy: text("recorded_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_booking_idx").on(t.bookingId),
    index("payments_paid_at_idx").on(t.paidAt),
    index("payments_created_at_idx").on(t.createdAt),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every Stripe webhook event acted upon, once: the primary key is Stripe's event id, so a second
 * delivery of the same event finds its row and changes nothing. Only the id and type are kept (the
 * payload holds the payer's details); payment_id is the payment the event recorded, if any.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per document kind and year: the last number given, locked while the next one is drawn. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * An ISEE approval staff revoked: the reduced rate applied to the sessions between approved_at and
 * revoked_at, and still does (past charges do not change). The current approval, if any, is on the booking.
 */
export const iseeRevocations = pgTable(
  "isee_revocations",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => groupBookings.id, { onDelete: "cascade" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }).notNull(),
    approvedBy: text("approved_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }).notNull(),
    revokedBy: text("revoked_by"),
  },
  (t) => [index("isee_revocations_booking_idx").on(t.bookingId), check("isee_revocations_range_check", sql`${t.approvedAt} <= ${t.revokedAt}`)],
);

/**
 * A correction of what a member paid: money given back (kind refund: unused sessions, a group that
 * did not fit) or a payment recorded wrongly (kind correction: no money moves). Either way the
 * balance goes up by the amount, never above what the person paid and was not yet given back, and
 * a credit note (`invoices` of kind credit_note) documents it against the invoice it corrects.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    bookingId: uuid("booking_id").references(() => groupBookings.id, { onDelete: "set null" }),
    kind: text("kind", { enum: correctionKinds }).notNull().default("refund"),
    /** The invoice this corrects (null for rows recorded before invoices existed). */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").unique(),
    recordedBy: text("recorded_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_booking_idx").on(t.bookingId),
    index("refunds_invoice_idx").on(t.invoiceId),
    index("refunds_created_at_idx").on(t.createdAt),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * What each booking's ledger adds up to, kept by the database (triggers of migration 0022 recompute a
 * booking's row whenever its attendance, its meetings, its ISEE approval or revocations, its payments,
 * refunds or invoices change), so the accounts list pages and filters 2,000 people without summing
 * every attendance row. Counts, not euros: the tariffs (domain/ledger.ts) are applied when it is read.
 * The rule is `chargesFor`'s; ledger-sql.test.ts holds the two together.
 */
export const ledgerBalances = pgTable("ledger_balances", {
  bookingId: uuid("booking_id")
    .primaryKey()
    .references(() => groupBookings.id, { onDelete: "cascade" }),
  /** Attendance rows of any status: a booking that attended a meeting has a ledger. */
  attendances: integer("attendances").notNull().default(0),
  /** Sessions charged (owesFee); the first is the trial. */
  sessions: integer("sessions").notNull().default(0),
  /** Of the charged sessions after the first, those at the reduced rate. */
  reducedSessions: integer("reduced_sessions").notNull().default(0),
  /** Stamp duty charged to the person on their invoices. */
  stampCents: integer("stamp_cents").notNull().default(0),
  paidCents: integer("paid_cents").notNull().default(0),
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** Payments whose invoice waits for the practice's or the person's fiscal data. */
  waitingInvoices: integer("waiting_invoices").notNull().default(0),
  /** The last time staff revoked an ISEE approval of this booking, if ever. */
  iseeRevokedAt: timestamp("isee_revoked_at", { withTimezone: true }),
});

/**
 * The practice's fiscal identity (one row, id 1), set by staff in admin → Impostazioni and printed
 * on every invoice. Until the fields `practiceFiscalGaps` names are filled, no invoice is issued.
 */
export const practiceSettings = pgTable(
  "practice_settings",
  {
    id: smallint("id").primaryKey().default(1),
    legalName: text("legal_name"),
    addressLine: text("address_line"),
    postalCode: text("postal_code"),
    city: text("city"),
    province: text("province"),
    partitaIva: text("partita_iva"),
    codiceFiscale: text("codice_fiscale"),
    /** Tax-regime wording printed on the invoice where it applies (e.g. the flat-rate regime's). */
    taxRegimeNote: text("tax_regime_note"),
    iban: text("iban"),
    bic: text("bic"),
    accountHolder: text("account_holder"),
    /** true: the €2 stamp duty is added to the client's invoice; false: the practice bears it. */
    stampDutyCharged: boolean("stamp_duty_charged").notNull().default(false),
    /** The local trial's values: plainly fictitious, refused with NODE_ENV=production unless SEED_DEMO=true (decision 061). */
    demo: boolean("demo").notNull().default(false),
    updatedBy: text("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [check("practice_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * A person's data for their invoices, by e-mail address in lower case (the person across their
 * bookings): entered by the person in /area-personale (or by staff, audited) before their first
 * invoice. ts_opposition: the person opposes sending their data to the Sistema Tessera Sanitaria,
 * so their invoices are reported without the codice fiscale.
 */
export const fiscalProfiles = pgTable(
  "fiscal_profiles",
  {
    email: text("email").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    addressLine: text("address_line").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    province: text("province").notNull(),
    codiceFiscale: text("codice_fiscale").notNull(),
    tsOpposition: boolean("ts_opposition").notNull().default(false),
    /** Who last wrote it: null when the person did. */
    updatedBy: text("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("fiscal_profiles_codice_fiscale_idx").on(t.codiceFiscale), check("fiscal_profiles_email_lower", sql`${t.email} = lower(${t.email})`)],
);

/**
 * When a person whose invoice waits for their fiscal data was asked for it (once, by e-mail and in
 * their area): the unique e-mail makes a second payment ask nothing again.
 */
export const fiscalDataRequests = pgTable("fiscal_data_requests", {
  email: text("email").primaryKey(),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What an invoice or credit note says, frozen when it is issued: later edits of the data never change it. */
export interface InvoiceParty {
  name: string;
  addressLine: string;
  postalCode: string;
  city: string;
  province: string;
  codiceFiscale: string;
}
export interface InvoiceIssuer extends InvoiceParty {
  partitaIva: string;
  taxRegimeNote: string | null;
  iban: string | null;
  accountHolder: string | null;
}
export interface InvoiceLine {
  description: string;
  /** The session's start, for a line of one session. */
  sessionStartsAt: string | null;
  /** "Dott.ssa Maria Rossi, Albo degli Psicologi del Lazio n. 12345", for a line of one session. */
  therapist: string | null;
  amountCents: number;
}

/**
 * A fattura sanitaria (kind invoice: one per payment) or a nota di credito (kind credit_note: one
 * per refund or correction, pointing at the invoice it corrects). Numbered per kind and year without
 * gaps (invoice_counters, drawn in the issuing transaction). Append-only, never edited or deleted:
 * the issuer, recipient and lines are copied in when it is issued. Health invoices to private
 * persons are PDF documents, never sent through SdI; each is reported once a year to the Sistema TS.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    /** "2026-0001" for an invoice, "NC-2026-0001" for a credit note. */
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    issuedOn: date("issued_on").notNull(),
    /** The payment an invoice documents. */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** The refund or correction a credit note documents. */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    /** The invoice a credit note corrects. */
    correctsInvoiceId: uuid("corrects_invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** Null once the member's data was erased: the document stays, with its frozen recipient. */
    bookingId: uuid("booking_id").references(() => groupBookings.id, { onDelete: "set null" }),
    issuer: jsonb("issuer").$type<InvoiceIssuer>().notNull(),
    recipient: jsonb("recipient").$type<InvoiceParty>().notNull(),
    /** The person opposed sending their data to the Sistema TS when this was issued. */
    tsOpposition: boolean("ts_opposition").notNull().default(false),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** €2 above €77.47, else 0. */
    stampDutyCents: integer("stamp_duty_cents").notNull().default(0),
    /** The stamp duty is added to the total the person pays (a practice setting when issued). */
    stampDutyCharged: boolean("stamp_duty_charged").notNull().default(false),
    totalCents: integer("total_cents").notNull(),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    paidOn: date("paid_on").notNull(),
    /** Issued from data recorded before fiscal invoices existed (a receipt number kept as it was). */
    legacy: boolean("legacy").notNull().default(false),
    reason: text("reason"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_kind_year_sequence_idx").on(t.kind, t.year, t.sequence),
    uniqueIndex("invoices_payment_idx").on(t.paymentId),
    uniqueIndex("invoices_refund_idx").on(t.refundId),
    index("invoices_booking_idx").on(t.bookingId),
    index("invoices_issued_on_idx").on(t.issuedOn),
    index("invoices_paid_on_idx").on(t.paidOn),
    check(
      "invoices_document_check",
      sql`(${t.kind} = 'invoice' and ${t.paymentId} is not null and ${t.refundId} is null) or (${t.kind} = 'credit_note' and ${t.refundId} is not null and ${t.correctsInvoiceId} is not null)`,
    ),
    check("invoices_total_check", sql`${t.totalCents} > 0 and ${t.subtotalCents} > 0`),
  ],
);

/**
 * A client's private calendar feed of their groups' meetings (one per person). The URL's token is an
 * HMAC of the row id (shown again on every visit of the area); only its SHA-256 is stored, for the
 * lookup. Revoking deletes the row; renewing replaces it, so the old URL stops working.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A confirmed member's request to move to another group (client area, issue 19), optionally naming
 * the group they prefer. At most one is pending per booking (the partial unique index: a repeated
 * submit finds the open one). Staff approve (the member is moved by moveMember, to `to_group_id`)
 * or decline with a reason the member reads in their area.
 */
export const moveRequests = pgTable(
  "move_requests",
  {
    ...memberRequestColumns(),
    fromGroupId: uuid("from_group_id").references(() => groups.id, { onDelete: "set null" }),
    preferredGroupId: uuid("preferred_group_id").references(() => groups.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    ...reviewColumns({ toGroupId: uuid("to_group_id").references(() => groups.id, { onDelete: "set null" }) }),
  },
  (t) => reviewedRequestIndexes("move_requests", t),
);

/**
 * A member's request for the reduced rate (client area, issue 19): the ISEE attestation they uploaded
 * (a checked PDF in the private `isee` bucket, never served publicly) and their confirmation that it
 * is under €15,000 a year. At most one is pending per booking. Staff open the file, approve (the
 * booking's isee_approved_at: the reduced rate applies from then on) or decline with a reason.
 */
export const iseeRequests = pgTable(
  "isee_requests",
  {
    ...memberRequestColumns(),
    fileKey: text("file_key").notNull(),
    ...reviewColumns(),
  },
  (t) => reviewedRequestIndexes("isee_requests", t),
);

/**
 * The clinical record (docs/features/clinical-record.md): per meeting, the group note (no booking) and
 * one progress note per member, written by the therapist who led the meeting (therapist_id, the only
 * reader). The body is sealed with the data key. The trigger of migration 0028 locks a note once signed
 * or 72 hours after its meeting ended; from then on it changes only by addenda, which are append-only.
 */
export const careNotes = pgTable(
  "care_notes",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id").references(() => groupBookings.id, { onDelete: "cascade" }),
    therapistId: uuid("therapist_id")
      .notNull()
      .references(() => therapists.id, { onDelete: "restrict" }),
    body: jsonb("body").$type<Sealed>().notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("care_notes_session_booking_idx").on(t.sessionId, t.bookingId),
    uniqueIndex("care_notes_session_group_idx")
      .on(t.sessionId)
      .where(sql`${t.bookingId} is null`),
    index("care_notes_booking_idx").on(t.bookingId),
  ],
);

/** A dated addendum to a locked clinical note; never changed nor removed (but by an erasure). */
export const careNoteAddenda = pgTable(
  "care_note_addenda",
  {
    id: id(),
    noteId: uuid("note_id")
      .notNull()
      .references(() => careNotes.id, { onDelete: "cascade" }),
    therapistId: uuid("therapist_id")
      .notNull()
      .references(() => therapists.id, { onDelete: "restrict" }),
    body: jsonb("body").$type<Sealed>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("care_note_addenda_note_idx").on(t.noteId, t.createdAt)],
);

/**
 * The person's consent to the outcome measures (docs/features/outcomes.md; health data, GDPR art.
 * 9(2)(a)), by their verified address as the client area knows them: one row per decision, with the
 * version of the text they read. A grant stays in force until withdrawn_at; a refusal ('declined')
 * stops every invitation as a withdrawal does. At most one grant in force per address.
 */
export const outcomeConsents = pgTable(
  "outcome_consents",
  {
    id: id(),
    /** Lower-cased, as `currentClient` (gates.server.ts) matches it. */
    email: text("email").notNull(),
    decision: text("decision", { enum: outcomeConsentDecisions }).notNull(),
    textVersion: text("text_version").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("outcome_consents_email_idx").on(t.email, t.decidedAt),
    uniqueIndex("outcome_consents_in_force_idx")
      .on(t.email)
      .where(sql`${t.decision} = 'granted' and ${t.withdrawnAt} is null`),
    check("outcome_consents_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("outcome_consents_withdrawn_check", sql`${t.withdrawnAt} is null or ${t.decision} = 'granted'`),
  ],
);

/**
 * One "questionario di monitoraggio" (PHQ-9 and GAD-7 together) asked of a member for their booking:
 * at intake, after every fourth attended meeting (after_meetings 4, 8, ...), at the end of the path.
 * The periodic job creates it from the state and the unique indexes make a rerun a no-op; it sends
 * the invitation (sent_at) and at most two reminders. answers (draft or final) are sealed with the
 * data key and re-encrypted by keys:rotate; the totals are kept in clear so that the results pages
 * aggregate without decrypting (decision in docs/decisions). safety_flagged_at: when PHQ-9 item 9
 * was first answered above 0 (the one safety alert of this questionnaire).
 */
export const outcomeAdministrations = pgTable(
  "outcome_administrations",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => groupBookings.id, { onDelete: "cascade" }),
    /** The group at the time it was asked (the booking may move later). */
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    occasion: text("occasion", { enum: outcomeOccasions }).notNull(),
    /** Attended meetings when it became due: 0 at intake, 4, 8... for the periodic ones, the final count at the end. */
    afterMeetings: smallint("after_meetings").notNull().default(0),
    status: text("status", { enum: outcomeAdministrationStatuses }).notNull().default("pending"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    remindersSent: smallint("reminders_sent").notNull().default(0),
    answers: jsonb("answers").$type<Sealed>(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    phq9Total: smallint("phq9_total"),
    gad7Total: smallint("gad7_total"),
    safetyFlaggedAt: timestamp("safety_flagged_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("outcome_administrations_occasion_idx").on(t.bookingId, t.occasion, t.afterMeetings),
    uniqueIndex("outcome_administrations_once_idx")
      .on(t.bookingId, t.occasion)
      .where(sql`${t.occasion} <> 'periodic'`),
    index("outcome_administrations_pending_idx")
      .on(t.status, t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    index("outcome_administrations_completed_idx")
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    check("outcome_administrations_reminders_check", sql`${t.remindersSent} between 0 and 2`),
    check("outcome_administrations_phq9_check", sql`${t.phq9Total} is null or ${t.phq9Total} between 0 and 27`),
    check("outcome_administrations_gad7_check", sql`${t.gad7Total} is null or ${t.gad7Total} between 0 and 21`),
    check(
      "outcome_administrations_completed_check",
      sql`(${t.status} = 'completed') = (${t.completedAt} is not null and ${t.phq9Total} is not null and ${t.gad7Total} is not null and ${t.answers} is not null)`,
    ),
  ],
);
