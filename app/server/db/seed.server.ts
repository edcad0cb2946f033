import { count, sql } from "drizzle-orm";
import { blogSeedPosts } from "~/content/blog-seed";
import { groupSeeds } from "~/content/groups-seed";
import { ageBracket } from "~/domain/matching";
import { therapistSeeds } from "~/content/therapists-seed";
import { storeWebpVariants } from "../images.server";
import { logger } from "../logger.server";
import type { Database } from "./client.server";
import { monogramSvg, postIllustrations } from "./demo-images.server";
import { blogPosts, groupBookings, groups, therapists } from "./schema";

const SEED_LOCK = 727_002;

/** Seeds the demo content once, on the first run; several instances starting together seed once. */
export async function seedDemoContent(db: Database, _dataDir: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ value: existing } = { value: 0 }] = await tx.select({ value: count() }).from(therapists);
    if (existing > 0) return;

    const now = Date.now();
    const therapistRows = [];
    for (const [index, seed] of therapistSeeds.entries()) {
      const photo = await storeWebpVariants("therapist-photos", `therapists/demo-${index + 1}`, await rasterize(monogramSvg(seed.name, index)));
      const [row] = await tx
        .insert(therapists)
        .values({
          name: seed.name,
          role: seed.role,
          specialization: seed.specialization,
          experience: seed.experience,
          description: seed.description,
          biography: seed.biography,
          registrationNumber: seed.registration_number,
          qualifications: seed.qualifications,
          approaches: seed.approaches,
          image: photo.url,
          // Distinct creation times give the "newest therapists" a stable order.
          createdAt: new Date(now - (therapistSeeds.length - index) * 60_000),
        })
        .returning();
      therapistRows.push(row!);
    }

    for (const seed of groupSeeds) {
      const therapist = therapistRows[seed.therapistIndex]!;
      const startsOn = new Date(now + seed.starts_in_days * 86_400_000).toISOString().slice(0, 10);
      const [group] = await tx
        .insert(groups)
        .values({
          therapistId: therapist.id,
          name: seed.name,
          topic: seed.topic,
          situations: seed.situations,
          weekday: seed.weekday,
          timeSlot: seed.time_slot,
          startTime: seed.start_time,
          ageMin: seed.age_min,
          ageMax: seed.age_max,
          capacity: seed.capacity,
          status: seed.confirmed_participants.length >= seed.capacity ? "full" : seed.status,
          startsOn,
        })
        .returning();
      if (seed.confirmed_participants.length > 0) {
        await tx.insert(groupBookings).values(
          seed.confirmed_participants.map((participant, position) => ({
            groupId: group!.id,
            therapistId: therapist.id,
            email: `partecipante-${group!.id.slice(0, 8)}-${position + 1}@example.invalid`,
            name: participant.initial,
            ageBracket: ageBracket(participant.age),
            status: "confirmed" as const,
          })),
        );
      }
    }

    for (const [index, post] of blogSeedPosts.entries()) {
      const illustrations = postIllustrations[post.slug];
      if (!illustrations || illustrations.images.length !== post.images_data.length) {
        throw new Error(`demo post ${post.slug} needs a cover and one illustration per image`);
      }
      const cover = await storeWebpVariants("blog-images", `covers/demo-${index + 1}`, await rasterize(illustrations.cover()));
      const images = [];
      for (const [imageIndex, image] of post.images_data.entries()) {
        const stored = await storeWebpVariants("blog-images", `paragraphs/demo-${index + 1}-${imageIndex + 1}`, await rasterize(illustrations.images[imageIndex]!()));
        images.push({ url: stored.url, alt: image.alt, caption: image.caption ?? null, position: image.position });
      }
      await tx.insert(blogPosts).values({
        title: post.title,
        subtitle: post.subtitle || null,
        excerpt: post.excerpt,
        content: null,
        readTime: post.read_time,
        publishedDate: post.published_date,
        imageUrl: cover.url,
        imageCredits: post.image_credits || null,
        slug: post.slug,
        isFeatured: post.is_featured,
        isPublished: post.is_published,
        metaTitle: post.meta_title,
        metaDescription: post.meta_description,
        introduction: post.introduction,
        mainSections: post.main_sections,
        internalLinks: post.internal_links,
        externalLinks: post.external_links,
        conclusion: post.conclusion,
        ctaText: post.cta_text,
        ctaLink: post.cta_link,
        imagesData: images,
      });
    }
    logger.info({ therapists: therapistRows.length, groups: groupSeeds.length, posts: blogSeedPosts.length }, "demo content seeded");
  });
}

async function rasterize(svg: string) {
  const sharp = (await import("sharp")).default;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
