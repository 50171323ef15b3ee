import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { restoreSignIn } from './helpers';
import { MSG } from '../src/shared/messages';
import {
  GV_CMS,
  GV_CMS_ALL,
  GV_DISCOUNTS,
  GV_PLOTS,
  POST_IMAGE,
  POST_VIDEO,
  choose,
  deleteRow,
  expectToast,
  expectUploaded,
  findRow,
  imageCopies,
  openForm,
  pickFiles,
  picker,
  save,
  saveRefused,
  uniqueText,
} from './posts-helpers';

/**
 * /CMS (Feed), /Discounts and /Plots (spec sections 2, 4, 5, 8): each kind is created
 * with a real image uploaded through the media picker (and a YouTube link post for the feed),
 * every validation message of its form is hit, the post shows in the phone preview and the list,
 * and is deleted through the 'Confirm Delete' dialog. Each test owns its posts (unique texts).
 */

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

function preview(page: Page) {
  return page.getByRole('region', { name: 'Phone preview' });
}

async function expectFormClosed(page: Page) {
  await expectToast(page, MSG.postSaved);
  await expect(page.getByRole('button', { name: 'Add Post' })).toBeVisible();
  await expect(preview(page)).toHaveCount(0);
}

test.describe('posts', () => {
  // Each test uploads files and walks a whole form: allow for a loaded machine.
  test.describe.configure({ timeout: 60_000 });

  test('feed: validation, an image and video post with carousel and sound toggle, list and delete', async ({ page }) => {
    await restoreSignIn(page, GV_CMS);
    await page.goto('/CMS');
    await expect(page.getByRole('heading', { name: 'Feed' })).toBeVisible();

    // An image post, hitting each rule on the way.
    const imageText = uniqueText('Feed image e2e');
    const form = await openForm(page, 'New feed post');
    await saveRefused(page, form, MSG.mediaCountOrDescription);
    await form.getByLabel('Description').fill(imageText);
    await expect(preview(page)).toContainText(imageText);
    await expect(preview(page)).toContainText('Green Valley');
    await saveRefused(page, form, MSG.feedLinkOrMedia); // neither link nor media

    await pickFiles(form, 'Media', imageCopies(6));
    await expectToast(page, MSG.tooManyMedia);
    await expectUploaded(form, 'Media', 0);

    // Two images, then a video: the preview shows a carousel; the video starts muted and has its
    // own sound toggle. One image is removed again.
    await pickFiles(form, 'Media', [POST_IMAGE, POST_IMAGE]);
    await expectUploaded(form, 'Media', 2);
    await pickFiles(form, 'Media', POST_VIDEO);
    await expectUploaded(form, 'Media', 3);
    const carousel = preview(page).getByRole('region', { name: 'Media carousel' });
    await expect(carousel).toBeVisible();
    await expect(carousel.getByRole('img', { name: 'Post image' })).toHaveCount(2);
    await form.getByRole('button', { name: 'Remove media' }).first().click();
    await expectUploaded(form, 'Media', 2);
    await expect(carousel.getByRole('img', { name: 'Post image' })).toHaveCount(1);
    await carousel.getByRole('tab', { name: 'Go to slide 2' }).click();
    const video = carousel.getByLabel('Post video');
    await expect(video).toHaveAttribute('data-muted', 'true');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await carousel.getByRole('button', { name: 'Unmute video' }).click();
    await expect(carousel.getByRole('button', { name: 'Mute video' })).toBeVisible();
    await expect(video).toHaveAttribute('data-muted', 'false');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await carousel.getByRole('button', { name: 'Mute video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

    await form.getByLabel('YouTube link').fill(YOUTUBE);
    await saveRefused(page, form, MSG.feedLinkOrMedia); // both
    await pickFiles(form, 'Media', POST_IMAGE);
    await expectToast(page, MSG.feedFileWhileLink);
    await expectUploaded(form, 'Media', 2);
    await form.getByLabel('YouTube link').fill('');

    await page.evaluate(() => ((window as unknown as { w1Marker?: number }).w1Marker = 1));
    expect(await save(form, '/api/feed')).toBe(201);
    await expectFormClosed(page);
    const row = await findRow(page, 'Feed posts', imageText);
    // The list was refetched in place: the page was not reloaded (spec section 4 reloads).
    expect(await page.evaluate(() => (window as unknown as { w1Marker?: number }).w1Marker)).toBe(1);
    await expect(row).toContainText('Green Valley');
    await expect(row.getByRole('img', { name: 'Post image' })).toBeVisible(); // the first media
    await expect(row).toContainText('+1');
    await deleteRow(page, 'Feed posts', row);
  });

  test('feed: a YouTube link post, preview, list and delete', async ({ page }) => {
    await restoreSignIn(page, GV_CMS);
    await page.goto('/CMS');
    // A link that is not YouTube's is refused first.
    const linkText = uniqueText('Feed link e2e');
    const form = await openForm(page, 'New feed post');
    await form.getByLabel('Description').fill(linkText);
    await form.getByLabel('YouTube link').fill('https://example.com/watch?v=abcdefgh');
    await saveRefused(page, form, MSG.youtubeLinkInvalid);
    await form.getByLabel('YouTube link').fill(YOUTUBE);
    await expect(preview(page).getByLabel('YouTube video')).toContainText(YOUTUBE);
    expect(await save(form, '/api/feed')).toBe(201);
    await expectFormClosed(page);
    const linkRow = await findRow(page, 'Feed posts', linkText);
    await expect(linkRow.getByLabel('YouTube video')).toBeVisible();
    await deleteRow(page, 'Feed posts', linkRow);
  });

  test('discounts: validation, create with a logo and an image, preview, list and delete', async ({ page }) => {
    await restoreSignIn(page, GV_DISCOUNTS);
    await page.goto('/Discounts');
    await expect(page.getByRole('heading', { name: 'Discounts' })).toBeVisible();
    const brand = uniqueText('Brand');
    const text = uniqueText('Discount e2e');

    const form = await openForm(page, 'New discount');
    await saveRefused(page, form, MSG.discountRequired);
    await form.getByLabel('Brand name').fill(brand);
    await form.getByLabel('Branch or outlet').fill('Main Boulevard outlet');
    await form.getByLabel('Description').fill(text);
    await saveRefused(page, form, MSG.discountRequired); // no logo, no media

    // A video as the logo (the picker's accept is only a hint): uploaded, but the server refuses it.
    await pickFiles(form, 'Logo', POST_VIDEO);
    await expectUploaded(form, 'Logo', 1);
    await pickFiles(form, 'Logo', POST_IMAGE);
    await expectToast(page, MSG.discountOneLogo);
    await expectUploaded(form, 'Logo', 1);
    await pickFiles(form, 'Media', POST_IMAGE);
    await expectUploaded(form, 'Media', 1);
    await pickFiles(form, 'Media', POST_IMAGE);
    await expectToast(page, MSG.discountOneMedia);
    await expectUploaded(form, 'Media', 1);

    await saveRefused(page, form, MSG.discountRequired); // no discount chosen
    await choose(form, 'Discount', '25%');
    await saveRefused(page, form, MSG.discountRequired); // no category
    await choose(form, 'Category', 'Food');
    expect(await save(form, '/api/discounts')).toBe(400);
    await expectToast(page, MSG.mediaNotImage);
    await expect(picker(form, 'Logo')).toContainText(MSG.mediaNotImage); // under its field
    await picker(form, 'Logo').getByRole('button', { name: 'Remove media' }).click();
    await pickFiles(form, 'Logo', POST_IMAGE);
    await expectUploaded(form, 'Logo', 1);

    const shown = preview(page);
    await expect(shown).toContainText(brand);
    await expect(shown).toContainText('Main Boulevard outlet');
    await expect(shown).toContainText('25% OFF');
    await expect(shown).toContainText('Food');
    await expect(shown).toContainText(text);
    await expect(shown.getByRole('img', { name: `${brand} logo` })).toBeVisible();
    await expect(shown.getByRole('img', { name: 'Post image' })).toBeVisible();

    expect(await save(form, '/api/discounts')).toBe(201);
    await expectFormClosed(page);
    const row = await findRow(page, 'Discounts', text);
    await expect(row).toContainText(brand);
    await expect(row).toContainText('25%');
    await expect(row).toContainText('Food');
    await expect(row.getByRole('img', { name: `${brand} logo` })).toBeVisible();
    await deleteRow(page, 'Discounts', row);
  });

  test('plots: validation, create with images, price in PKR, list and delete', async ({ page }) => {
    await restoreSignIn(page, GV_PLOTS);
    await page.goto('/Plots');
    await expect(page.getByRole('heading', { name: 'Plots' })).toBeVisible();
    const text = uniqueText('Plot e2e');

    const form = await openForm(page, 'New plot');
    await saveRefused(page, form, MSG.plotRequired);
    await choose(form, 'Type', 'House');
    await choose(form, 'Payment', 'Installments');
    await choose(form, 'Area', '10 Marla');
    await choose(form, 'Baths', '3');
    await choose(form, 'Rooms', '4');
    await form.getByLabel('Location').fill('Street 7, Block C');
    await form.getByLabel('Description').fill(text);
    await form.getByLabel('Price (PKR)').fill('12500000');
    await form.getByLabel('Phone').fill('0300123456'); // 10 digits
    await saveRefused(page, form, MSG.plotPhone);
    await form.getByLabel('Phone').fill('03001234567');
    await saveRefused(page, form, MSG.plotRequired); // no image

    await pickFiles(form, 'Images', imageCopies(6));
    await expectToast(page, MSG.tooManyMedia);
    await pickFiles(form, 'Images', POST_IMAGE);
    await expectUploaded(form, 'Images', 1);

    const shown = preview(page);
    await expect(shown.getByTestId('preview-price')).toHaveText('PKR 12,500,000.00 (1.25 crore)');
    await expect(shown).toContainText('House');
    await expect(shown).toContainText('10 Marla');
    await expect(shown).toContainText('4 rooms');
    await expect(shown).toContainText('3 baths');
    await expect(shown).toContainText(text);
    await expect(shown.getByRole('img', { name: 'Post image' })).toBeVisible();

    expect(await save(form, '/api/plots')).toBe(201);
    await expectFormClosed(page);
    const row = await findRow(page, 'Plots', text);
    await expect(row).toContainText('PKR 12,500,000.00 (1.25 crore)');
    await expect(row).toContainText('03001234567');
    await expect(row.getByRole('img', { name: 'Post image' })).toBeVisible();
    await deleteRow(page, 'Plots', row);
  });

  test('feed: 5 posts a page, searched on the server', async ({ page }) => {
    await restoreSignIn(page, GV_CMS);
    const tag = uniqueText('Paged e2e');
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await page.request.post('/api/feed', { data: { description: `${tag} #${i}`, youtubeLink: YOUTUBE } });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { _id: number })._id);
    }
    await page.goto('/CMS');
    await page.getByRole('textbox', { name: 'Search' }).fill(tag);
    // The search is applied after a pause in typing: wait for it in the URL, or a page change made
    // before it lands would be reset to page 1 by it.
    await expect(page).toHaveURL(/[?&]q=Paged/);
    const rows = page.getByRole('table', { name: 'Feed posts' }).getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText(`${tag} #6`); // newest first
    await expect(page.getByText('1–5 of 6')).toBeVisible();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag} #1`);
    await expect(page.getByText('6–6 of 6')).toBeVisible();
    for (const id of ids) expect((await page.request.delete(`/api/feed/${id}`)).ok()).toBe(true);
  });

  test('cms-all sees Feed, Plots and Discounts and can use each list', async ({ page }) => {
    await restoreSignIn(page, GV_CMS_ALL);
    const nav = page.getByRole('navigation');
    for (const [label, heading, table] of [
      ['Feed', 'Feed', 'Feed posts'],
      ['Plots', 'Plots', 'Plots'],
      ['Discounts', 'Discounts', 'Discounts'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: table })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Post' })).toBeVisible();
    }
  });
});
