import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { useHarness } from './harness.js';
import { GV, LC, addMedia, addMediaN, discountBody, feedBody, plotBody, staffEmail, written } from './posts-support.js';

/**
 * Spec section 5's rules for feed posts, discounts and plots, enforced by the server:
 * each refused body is a 400 with the spec's message and the field at fault, and writes nothing.
 */
describe('post rules (spec section 5)', () => {
  const h = useHarness();
  const post = async (url: string, handle: string, payload: unknown) =>
    h.app.inject({ method: 'POST', url, headers: { cookie: await h.staffCookie(staffEmail(handle)) }, payload: payload as object });

  /** Sends each body, expecting 400 {message, field} and no row written anywhere. */
  async function refused(url: string, handle: string, cases: [what: string, body: unknown, message: string, field: string][]) {
    for (const [what, body, message, field] of cases) {
      const before = await written(h);
      const res = await post(url, handle, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ message, field });
      expect(await written(h), what).toEqual(before);
    }
  }

  it('feed: exactly one of link and media, at most 5 media, a YouTube link, a description', async () => {
    const six = await addMediaN(h, GV, 6);
    const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    await refused('/api/feed', 'cms', [
      ['both link and media', feedBody(six.slice(0, 1), { youtubeLink: link }), MSG.feedLinkOrMedia, 'youtubeLink'],
      ['neither', feedBody(undefined), MSG.feedLinkOrMedia, 'youtubeLink'],
      ['empty link and no media', feedBody([], { youtubeLink: '' }), MSG.feedLinkOrMedia, 'youtubeLink'],
      ['6 media', feedBody(six), MSG.tooManyMedia, 'mediaIds'],
      ['not YouTube', feedBody(undefined, { youtubeLink: 'https://vimeo.com/123456789' }), MSG.youtubeLinkInvalid, 'youtubeLink'],
      ['YouTube without a video id', feedBody(undefined, { youtubeLink: 'https://www.youtube.com/' }), MSG.youtubeLinkInvalid, 'youtubeLink'],
      ['no description', { youtubeLink: link }, MSG.mediaCountOrDescription, 'description'],
      ['blank description', feedBody(undefined, { youtubeLink: link, description: '   ' }), MSG.mediaCountOrDescription, 'description'],
      ['unknown media id', feedBody([crypto.randomUUID()]), MSG.mediaUnknown, 'mediaIds'],
      ["another society's media", feedBody([await addMedia(h, LC)]), MSG.mediaUnknown, 'mediaIds'],
      ['a media id that is not a UUID', feedBody(['photo.png']), 'Not a valid media id.', 'mediaIds.0'],
    ]);
    // The same six ids, five of them, are accepted: the refusals above were about the rules only.
    expect((await post('/api/feed', 'cms', feedBody(six.slice(0, 5)))).statusCode).toBe(201);
  });

  it('discount: 5–90 in steps of 5, a category, every field, an image logo, media of this society', async () => {
    const [logo, pic, video] = [await addMedia(h, GV), await addMedia(h, GV), await addMedia(h, GV, 'video')];
    const body = (extra: Record<string, unknown>) => discountBody(logo, pic, extra);
    const cases: [string, unknown, string, string][] = [
      ['0 %', body({ discount: 0 }), MSG.discountRequired, 'discount'],
      ['no discount', body({ discount: undefined }), MSG.discountRequired, 'discount'],
      ['3 %', body({ discount: 3 }), MSG.discountRange, 'discount'],
      ['95 %', body({ discount: 95 }), MSG.discountRange, 'discount'],
      ['7.5 %', body({ discount: 7.5 }), MSG.discountRange, 'discount'],
      ["'10' as text", body({ discount: '10' }), MSG.discountRange, 'discount'],
      ['12 %', body({ discount: 12 }), MSG.discountRange, 'discount'],
      ['unknown category', body({ category: 'Sports' }), MSG.discountRequired, 'category'],
      ['lower-case category', body({ category: 'food' }), MSG.discountRequired, 'category'],
      ['a video as logo', discountBody(video, pic), MSG.mediaNotImage, 'logoMediaId'],
      ['unknown media', discountBody(logo, crypto.randomUUID()), MSG.mediaUnknown, 'mediaId'],
      ["another society's logo", discountBody(await addMedia(h, LC), pic), MSG.mediaUnknown, 'logoMediaId'],
    ];
    for (const field of ['brandName', 'branch', 'logoMediaId', 'mediaId', 'description', 'category']) {
      const { [field]: _, ...missing } = body({}) as Record<string, unknown>;
      cases.push([`no ${field}`, missing, MSG.discountRequired, field]);
    }
    cases.push(['blank brand name', body({ brandName: ' ' }), MSG.discountRequired, 'brandName']);
    await refused('/api/discounts', 'discounts', cases);
    // A video is fine as the discount's media (any kind), and 90 % with 'Life Style' is valid.
    const ok = await post('/api/discounts', 'discounts', discountBody(logo, video, { discount: 90, category: 'Life Style' }));
    expect(ok.statusCode).toBe(201);
  });

  it('plot: 11-digit phone, price > 0, 1–5 images (no video), baths and rooms 1–6, every field', async () => {
    const six = await addMediaN(h, GV, 6);
    const video = await addMedia(h, GV, 'video');
    const body = (extra: Record<string, unknown>) => plotBody(six.slice(0, 2), extra);
    const cases: [string, unknown, string, string][] = [
      ['10-digit phone', body({ phone: '0300123456' }), MSG.plotPhone, 'phone'],
      ['12-digit phone', body({ phone: '030012345678' }), MSG.plotPhone, 'phone'],
      ['phone with letters', body({ phone: '0300123456a' }), MSG.plotPhone, 'phone'],
      ['price 0', body({ price: 0 }), MSG.plotRequired, 'price'],
      ['negative price', body({ price: -5 }), MSG.plotRequired, 'price'],
      ['6 images', plotBody(six), MSG.tooManyMedia, 'mediaIds'],
      ['no images', plotBody([]), MSG.plotRequired, 'mediaIds'],
      ['baths 7', body({ baths: 7 }), MSG.plotRequired, 'baths'],
      ['rooms 0', body({ rooms: 0 }), MSG.plotRequired, 'rooms'],
      ['unknown type', body({ type: 'Castle' }), MSG.plotRequired, 'type'],
      ['unknown area', body({ area: '4 Marla' }), MSG.plotRequired, 'area'],
      ['a video as an image', plotBody([six[0]!, video]), MSG.mediaNotImage, 'mediaIds'],
      ["another society's image", plotBody([await addMedia(h, LC)]), MSG.mediaUnknown, 'mediaIds'],
    ];
    for (const field of ['type', 'payment', 'area', 'baths', 'rooms', 'phone', 'description', 'location', 'price', 'mediaIds']) {
      const { [field]: _, ...missing } = body({}) as Record<string, unknown>;
      cases.push([`no ${field}`, missing, MSG.plotRequired, field]);
    }
    await refused('/api/plots', 'plots', cases);
    expect((await post('/api/plots', 'plots', plotBody(six.slice(0, 5), { baths: 6, rooms: 1, price: 1 }))).statusCode).toBe(201);
  });

  it('a media file already used by a post cannot be used by another (deleting one post never takes the other’s media)', async () => {
    const [a] = await addMediaN(h, GV, 1);
    expect((await post('/api/feed', 'cms', feedBody([a!]))).statusCode).toBe(201);
    await refused('/api/feed', 'cms', [['reused media', feedBody([a!]), MSG.mediaUnknown, 'mediaIds']]);
    await refused('/api/plots', 'cms-all', [['reused as a plot image', plotBody([a!]), MSG.mediaUnknown, 'mediaIds']]);
  });
});
