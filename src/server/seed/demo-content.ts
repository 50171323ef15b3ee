/**
 * Demo content for the society screens (feed posts are titled with the society's name, as staff's are), so that the feed, discounts, plots and announcements
 * show real posts on the first start: each society gets feed posts (with pictures, and one video
 * link), discount offers (a brand logo and a picture each), plot listings with pictures, and
 * announcements (one with a picture). The pictures are drawn at seed time with sharp (shapes and
 * colours from SVG, no fonts needed) and stored like uploads: a display file and a WebP thumbnail
 * in the media storage, and a media row attached to its post. Deterministic.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { announcements, discounts, feedPosts, media, plots, societies, staffUsers } from '../db/schema.js';
import { processImage } from '../modules/media/images.js';
import type { MediaStorage } from '../modules/media/storage.js';
import { DAY } from './plans.js';

/** A picture: a two-colour gradient with a few shapes, 960 × 640 (or square for a logo). */
function picture(from: string, to: string, shapes: string, square = false): Buffer {
  const [w, h] = square ? [400, 400] : [960, 640];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes}</svg>`,
  );
}

const SUN = '<circle cx="760" cy="150" r="80" fill="#ffd43b" opacity="0.9"/>';
const HILLS = '<path d="M0 520 Q240 380 480 500 T960 460 V640 H0 Z" fill="#2f9e44" opacity="0.85"/>';
const HOUSES =
  '<g fill="#fff" opacity="0.92"><rect x="160" y="330" width="160" height="150"/><path d="M140 340 L240 250 L340 340 Z"/><rect x="420" y="300" width="200" height="180"/><path d="M400 310 L520 210 L640 310 Z"/></g>';
const STARS =
  '<g fill="#fff" opacity="0.8"><circle cx="120" cy="100" r="6"/><circle cx="300" cy="60" r="4"/><circle cx="520" cy="120" r="5"/><circle cx="860" cy="80" r="6"/></g>';
const LANTERNS =
  '<g fill="#ffd43b"><rect x="200" y="120" width="60" height="90" rx="20"/><rect x="450" y="90" width="60" height="90" rx="20"/><rect x="700" y="130" width="60" height="90" rx="20"/></g>';
const PLATE = '<circle cx="480" cy="340" r="200" fill="#fff" opacity="0.9"/><circle cx="480" cy="340" r="140" fill="#e8590c" opacity="0.8"/>';
const BADGE = '<circle cx="200" cy="200" r="150" fill="#fff" opacity="0.9"/><circle cx="200" cy="200" r="100" fill="#1971c2"/>';
const PLAN =
  '<g stroke="#fff" stroke-width="10" fill="none" opacity="0.9"><rect x="180" y="140" width="600" height="360"/><path d="M480 140 V500 M180 320 H480"/></g>';

interface Made {
  id: string;
}

/**
 * Draws, stores and records one picture for `societyId`, attached at `at`; @returns its media id.
 * The upload path's own re-encoding draws it: sharp reads the SVG and writes the PNG and thumbnail.
 */
async function storePicture(db: Db, storage: MediaStorage, societyId: number, createdBy: number, svg: Buffer, at: Date): Promise<Made> {
  const img = await processImage(svg, 'image/png');
  const id = randomUUID();
  const storageKey = `${societyId}/${id}.png`;
  const thumbKey = `${societyId}/${id}-thumb.webp`;
  await storage.put(storageKey, img.display, img.mime);
  await storage.put(thumbKey, img.thumb, 'image/webp');
  await db.insert(media).values({
    id,
    societyId,
    kind: 'image',
    mime: img.mime,
    bytes: img.display.length,
    width: img.width,
    height: img.height,
    storageKey,
    thumbKey,
    createdBy,
    createdAt: at,
    attachedAt: at,
  });
  return { id };
}

/** What each society's content says, by society key. */
const CONTENT = {
  'Green Valley': { area: 'Green Valley', phone: '03001112233', block: 'Block C' },
  'Lake City': { area: 'Lake City', phone: '03101112233', block: 'Sector M-7' },
} as const;

/**
 * Adds the demo posts of every demo society (Green Valley, Lake City) that has none yet: feed,
 * discounts, plots, announcements, with their pictures in `storage`. Run after `seedDemo`.
 * @returns how many posts were added.
 */
export async function seedDemoContent(db: Db, storage: MediaStorage, now = Date.now()): Promise<number> {
  const rows = await db
    .select({ id: societies.id, name: societies.name })
    .from(societies)
    .where(inArray(societies.name, Object.keys(CONTENT)));
  let added = 0;
  for (const society of rows) {
    const c = CONTENT[society.name as keyof typeof CONTENT];
    const existing = await db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.societyId, society.id)).limit(1);
    if (existing.length > 0) continue;
    const staff = await db
      .select({ id: staffUsers.id, subRole: staffUsers.subRole })
      .from(staffUsers)
      .where(and(eq(staffUsers.societyId, society.id), inArray(staffUsers.subRole, ['cms', 'discounts', 'plots', 'annoucements'])));
    const by = (subRole: string) => staff.find((s) => s.subRole === subRole)?.id ?? staff[0]!.id;
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    const pic = (subRole: string, svg: Buffer, daysAgo: number) => storePicture(db, storage, society.id, by(subRole), svg, at(daysAgo));

    const fair = await pic('cms', picture('#f08c00', '#c2255c', LANTERNS + STARS), 6);
    const fairFood = await pic('cms', picture('#e8590c', '#fab005', PLATE), 6);
    const park = await pic('cms', picture('#74c0fc', '#d3f9d8', SUN + HILLS), 3);
    await db.insert(feedPosts).values([
      {
        societyId: society.id,
        title: society.name,
        description: `Family fair this Saturday: food stalls, games for the children and lights in the ${c.area} park from 5 pm. Every family is welcome.`,
        mediaIds: [fair.id, fairFood.id],
        likes: 12,
        createdBy: by('cms'),
        createdAt: at(6),
      },
      {
        societyId: society.id,
        title: society.name,
        description: 'The new park is open: the walking track and the play area by the main gate, from 6 am to 10 pm.',
        mediaIds: [park.id],
        likes: 30,
        createdBy: by('cms'),
        createdAt: at(3),
      },
      {
        societyId: society.id,
        title: society.name,
        description: 'Security briefing for residents: how to use the SOS button, and what the guards do when it rings.',
        youtubeLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        likes: 4,
        createdBy: by('cms'),
        createdAt: at(1),
      },
    ]);

    const offers = [
      { brandName: 'Pizza Point', branch: `${c.area} Commercial`, discount: 20, category: 'Food', from: '#e03131', to: '#ffa94d', shape: PLATE, days: 5 },
      { brandName: 'FitZone Gym', branch: c.block, discount: 15, category: 'Fitness', from: '#1971c2', to: '#63e6be', shape: SUN, days: 4 },
      { brandName: 'Clean & Press', branch: 'Main Boulevard', discount: 10, category: 'Life Style', from: '#5f3dc4', to: '#91a7ff', shape: STARS, days: 2 },
    ];
    for (const o of offers) {
      const logo = await pic('discounts', picture(o.from, o.to, BADGE, true), o.days);
      const image = await pic('discounts', picture(o.to, o.from, o.shape), o.days);
      await db.insert(discounts).values({
        societyId: society.id,
        brandName: o.brandName,
        branch: o.branch,
        logoMediaId: logo.id,
        mediaId: image.id,
        description: `${o.discount}% off for ${c.area} residents: show your resident card.`,
        discount: o.discount,
        category: o.category,
        createdBy: by('discounts'),
        createdAt: at(o.days),
      });
    }

    const listings = [
      { type: 'House', payment: 'Full Pay', area: '10 Marla', baths: 4, rooms: 5, price: '32500000.00', days: 8, from: '#868e96', to: '#dee2e6' },
      { type: 'Flat', payment: 'Installments', area: '5 Marla', baths: 2, rooms: 3, price: '8500000.00', days: 2, from: '#2b8a3e', to: '#c0eb75' },
    ];
    for (const l of listings) {
      const front = await pic('plots', picture(l.from, l.to, HOUSES + SUN), l.days);
      const plan = await pic('plots', picture('#1c7ed6', '#a5d8ff', PLAN), l.days);
      await db.insert(plots).values({
        societyId: society.id,
        type: l.type,
        payment: l.payment,
        area: l.area,
        baths: l.baths,
        rooms: l.rooms,
        phone: c.phone,
        description: `${l.area} ${l.type.toLowerCase()} in ${c.block}, near the mosque and the park.`,
        location: `${c.block}, ${c.area}`,
        price: l.price,
        mediaIds: [front.id, plan.id],
        createdBy: by('plots'),
        createdAt: at(l.days),
      });
    }

    const water = await pic('annoucements', picture('#1098ad', '#99e9f2', HILLS), 2);
    await db.insert(announcements).values([
      {
        societyId: society.id,
        title: 'Water supply on Sunday',
        description: 'The tanks will be cleaned on Sunday from 9 am to 1 pm; please store water the night before.',
        mediaId: water.id,
        createdBy: by('annoucements'),
        createdAt: at(2),
      },
      {
        societyId: society.id,
        title: 'Maintenance dues',
        description: 'Maintenance dues for this month are payable at the office until the 10th.',
        createdBy: by('annoucements'),
        createdAt: at(1),
      },
    ]);
    added += 3 + offers.length + listings.length + 2;
  }
  return added;
}
