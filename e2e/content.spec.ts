import { expect, test } from './test';
import { MSG } from '../src/shared/messages';
import {
  GV_ANNOUNCEMENTS,
  GV_CMS,
  GV_LOGO,
  GV_NAME,
  GV_VIDEO,
  chooseFile,
  expectLoaded,
  headerLogo,
  picker,
  recordRequests,
  stamp,
  toast,
} from './content-helpers';
import { expectLive, restoreSignIn } from './helpers';

/**
 * /Annoucements, /VideoPanel and /Logo (spec sections 1, 2, 5, 8) in Chromium, with a
 * real PNG file: an announcement with an image is posted and listed; the form's messages (no
 * description, a second file); video URLs (a `javascript:` URL refused in the browser and by the
 * server), the current one and the earlier ones kept; a logo uploaded (and one given by media id)
 * shows in the header of the logo screen and, without a reload, of another Green Valley staff
 * member's screen. Each test owns its data (texts unique to the run).
 */

test.describe('content', () => {
  test('announcements: the form’s messages, then an announcement with an image, listed and searchable', async ({ page }) => {
    const posts = recordRequests(page, 'POST', '/api/announcement');
    await restoreSignIn(page, GV_ANNOUNCEMENTS);
    await expect(page.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'New announcement' });
    const title = stamp('Water tank cleaning');
    const description = `The tanks of Block A are cleaned on Sunday (${title}).`;

    // No description: the server's own message, caught before any request.
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, MSG.mediaCountOrDescription)).toBeVisible();

    // One image uploads at once (a preview); a second one is refused with the spec's message.
    await chooseFile(form, 'Image');
    const image = picker(form, 'Image');
    await expect(image.getByRole('img', { name: 'Selected media' })).toHaveCount(1);
    await expect(image.getByText('1/1')).toBeVisible();
    await chooseFile(form, 'Image');
    await expect(toast(page, MSG.announcementOneMedia)).toBeVisible();
    await expect(image.getByRole('img', { name: 'Selected media' })).toHaveCount(1);
    expect(posts, 'refused forms send nothing').toHaveLength(0);

    await form.getByLabel('Description').fill(description);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/announcement' && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await created).status()).toBe(201);
    await expect(toast(page, 'Announcement posted.')).toBeVisible();
    // The form clears.
    await expect(form.getByLabel('Title')).toHaveValue('');
    await expect(form.getByLabel('Description')).toHaveValue('');
    await expect(image.getByText('0/1')).toBeVisible();

    // Listed first (newest first), with its image, description and seen count.
    const list = page.getByRole('region', { name: 'Announcements list' });
    for (const column of ['Title', 'Image', 'Description', 'Seen by', 'Date', 'Time']) {
      await expect(list.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    const firstRow = list.locator('tbody tr').first();
    await expect(firstRow).toContainText(title);
    await expect(firstRow).toContainText(description);
    await expect(firstRow).toContainText('0 residents');
    const thumb = firstRow.getByRole('img', { name: `Image of ${title}` });
    await expect(thumb).toBeVisible();
    await expectLoaded(thumb);

    // Server-side search finds it by a word of its description.
    await list.getByPlaceholder('Search title or description').fill(title.split(' ').at(-1) ?? title);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(list.locator('tbody tr')).toHaveCount(1);
    await expect(list.locator('tbody tr').first()).toContainText(title);
  });

  test('video panel: a javascript: URL is refused; the newest URL is current and the earlier one is kept', async ({ page }) => {
    const puts = recordRequests(page, 'PUT', '/api/video-panel');
    await restoreSignIn(page, GV_VIDEO);
    await expect(page.getByRole('heading', { name: 'Video Panel', exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Set video URL' });
    const box = form.getByLabel('Video URL');

    // Refused in the browser with the server's message…
    await box.fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, MSG.videoUrlInvalid)).toBeVisible();
    expect(puts, 'a refused URL is not sent').toHaveLength(0);
    // …and by the server.
    const refused = await page.request.put('/api/video-panel', { data: { url: 'javascript:alert(1)' } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: MSG.videoUrlInvalid, field: 'url' });

    const id = stamp('v').replace(' ', '-');
    const first = `https://videos.example.org/${id}/first`;
    const second = `https://videos.example.org/${id}/second`;
    const current = page.getByRole('region', { name: 'Current video URL' });
    const history = page.getByRole('region', { name: 'Video URL history' });
    for (const url of [first, second]) {
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/video-panel' && r.request().method() === 'PUT');
      await box.fill(url);
      await form.getByRole('button', { name: 'Upload', exact: true }).click();
      expect((await saved).status()).toBe(201);
      await expect(current.getByRole('link', { name: url })).toBeVisible();
      await expect(box).toHaveValue('');
    }
    await expect(toast(page, 'Video URL saved.')).toBeVisible();

    // The newest is current; the earlier one is kept below it with its time.
    const rows = history.locator('tbody tr');
    await expect(rows.nth(0)).toContainText(second);
    await expect(rows.nth(0).getByText('Current', { exact: true })).toBeVisible();
    await expect(rows.nth(1)).toContainText(first);
    await expect(rows.nth(1).getByText('Current', { exact: true })).toHaveCount(0);
    await expect(rows.nth(1)).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
    await expect(current.getByRole('link', { name: first })).toHaveCount(0);
  });

  test('logo: picked and uploaded on /Logo, shown in its header and at once in another staff member’s header', async ({ page, browser }) => {
    // Another Green Valley staff member (cms) is signed in elsewhere and stays on their screen.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    try {
      await restoreSignIn(other, GV_CMS);
      await expectLive(other);
      await other.evaluate(() => ((window as unknown as { stillSamePage: boolean }).stillSamePage = true));

      const puts = recordRequests(page, 'PUT', '/api/logo');
      await restoreSignIn(page, GV_LOGO);
      await expect(page.getByRole('heading', { name: 'Logo', exact: true })).toBeVisible();
      await expectLive(page);
      const form = page.getByRole('form', { name: 'Set logo' });
      // Pick an image, see it, press Upload: nothing else (no id to type).
      await expect(form.getByRole('textbox')).toHaveCount(0);

      // No image: refused in the browser, in plain words.
      await form.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(toast(page, 'Please choose an image.')).toBeVisible();
      expect(puts).toHaveLength(0);

      const upload = async () => {
        await chooseFile(form, 'Logo image');
        await expect(form.getByRole('img', { name: 'Selected media' })).toHaveCount(1);
        const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logo' && r.request().method() === 'PUT');
        await form.getByRole('button', { name: 'Upload', exact: true }).click();
        const answer = await saved;
        expect(answer.status()).toBe(200);
        await expect(toast(page, 'Logo updated.').first()).toBeVisible();
        await expect(form.getByRole('img', { name: 'Selected media' })).toHaveCount(0);
        return ((await answer.json()) as { logo: { id: string; url: string } }).logo;
      };
      const logo = await upload();

      // This screen: the header and the current logo show it (a real, decoded image).
      await expect(headerLogo(page)).toHaveAttribute('src', logo.url);
      await expectLoaded(headerLogo(page));
      await expect(page.getByRole('region', { name: 'Current logo' }).getByRole('img', { name: `${GV_NAME} logo` })).toHaveAttribute('src', logo.url);
      // The other screen: at once, without a reload.
      await expect(headerLogo(other)).toHaveAttribute('src', logo.url);
      await expectLoaded(headerLogo(other));

      // A second logo replaces the first, here and there.
      const earlier = await upload();
      expect(earlier.id).not.toBe(logo.id);
      await expect(headerLogo(page)).toHaveAttribute('src', earlier.url);
      await expect(headerLogo(other)).toHaveAttribute('src', earlier.url);
      expect(await other.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(true);

      // A signed-in screen opened later gets it from the server too.
      await other.reload();
      await expect(headerLogo(other)).toHaveAttribute('src', earlier.url);
    } finally {
      await otherContext.close();
    }
  });
});
