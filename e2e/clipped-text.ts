/**
 * Finds text a person cannot read because the layout cuts it: runs in the page (page.evaluate),
 * so it measures what Chromium drew. Used by e2e/clipped-text.spec.ts on every screen.
 */
import type { Page } from '@playwright/test';

/** One piece of cut text: what it says, where it is (a CSS path), and how it is cut. */
export interface ClippedText {
  text: string;
  path: string;
  /** 'overflow' (its own box hides or ellipsizes it) or 'outside' (an ancestor that hides overflow cuts it off). */
  how: 'overflow' | 'outside';
  /** Width the text needs and the width it has, in CSS pixels. */
  needs: number;
  has: number;
}

/**
 * The page's visible elements whose text is cut:
 * - an element that holds text (a text node of its own, a Mantine Badge or Button label, a table
 *   cell, a read-only input such as a Select's) and whose overflow is hidden/clip or whose
 *   text-overflow is ellipsis, with scrollWidth > clientWidth + 1;
 * - an element holding text that sticks out more than 1 px past the nearest ancestor that hides
 *   its overflow (a table wider than its box, a header row wider than the header).
 *
 * Allowed, because the full text is one hover away: a cell cut on purpose whose `title` holds its
 * whole text (components/data-table.tsx truncatedColumn), as long as at least 8 characters show —
 * "A…" with a tooltip is still a cut a guard cannot read at a glance.
 * Elements of 1 px or less (visually hidden text for screen readers) are not looked at.
 */
export function findClippedText(): ClippedText[] {
  const MIN_SHOWN_CHARS = 8;
  const found: ClippedText[] = [];
  const reported = new Set<Element>();

  const pathOf = (el: Element): string => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && node !== document.body && parts.length < 6; node = node.parentElement) {
      if (node.id) {
        parts.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      const mantine = [...node.classList].find((c) => /^mantine-[\w-]+$/.test(c) || c.startsWith('mantine-datatable'));
      const index = node.parentElement ? [...node.parentElement.children].indexOf(node) + 1 : 1;
      parts.unshift(`${node.tagName.toLowerCase()}${mantine ? `.${mantine}` : ''}:nth-child(${index})`);
    }
    return parts.join(' > ');
  };
  const ownText = (el: Element): string =>
    [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
  const textOf = (el: HTMLElement): string => (el instanceof HTMLInputElement ? el.value : el.innerText).replace(/\s+/g, ' ').trim();
  const isTextHolder = (el: HTMLElement): boolean =>
    ownText(el) !== '' ||
    el.matches('.mantine-Badge-label, .mantine-Button-label, td, th') ||
    (el instanceof HTMLInputElement && el.readOnly && el.value !== '');
  const hides = (style: CSSStyleDeclaration) => style.overflowX === 'hidden' || style.overflowX === 'clip';
  /** A cell cut on purpose, whose tooltip (`title`) carries its whole text and which still shows a readable start. */
  const cutOnPurpose = (el: HTMLElement, text: string, shownShare: number): boolean => {
    const titled = el.closest<HTMLElement>('[title]');
    return titled !== null && titled.title.replace(/\s+/g, ' ').trim() === text && text.length * shownShare >= MIN_SHOWN_CHARS;
  };

  /**
   * The box that cuts the children of `el` off: the nearest element from `el` up whose overflow is
   * not visible (its box if it hides overflow, null if it scrolls), or the window's width. Kept per
   * element, as every text on the page asks it of its parent.
   */
  type Clip = { left: number; right: number } | null;
  const clips = new Map<Element, Clip>();
  const clipFrom = (el: Element | null): Clip => {
    if (!el || el === document.documentElement) return { left: 0, right: document.documentElement.clientWidth };
    const known = clips.get(el);
    if (known !== undefined) return known;
    const style = getComputedStyle(el);
    const clip = style.overflowX === 'visible' ? clipFrom(el.parentElement) : hides(style) ? el.getBoundingClientRect() : null;
    clips.set(el, clip);
    return clip;
  };
  const clipAbove = (el: Element): Clip => clipFrom(el.parentElement);

  for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
    if (!(el instanceof HTMLElement) || !isTextHolder(el)) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const text = textOf(el);
    if (text === '') continue;
    const style = getComputedStyle(el);

    // Its own box cuts it.
    if ((hides(style) || style.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1) {
      if (!cutOnPurpose(el, text, el.clientWidth / el.scrollWidth)) {
        found.push({ text, path: pathOf(el), how: 'overflow', needs: el.scrollWidth, has: el.clientWidth });
        reported.add(el);
      }
      continue;
    }
    // An ancestor that hides its overflow cuts it off (a scrolling one does not: it can be scrolled
    // to); with none, the edge of the window does.
    const clip = clipAbove(el);
    if (!clip) continue;
    const cutLeft = clip.left - box.left;
    const cutRight = box.right - clip.right;
    if ((cutLeft > 1 || cutRight > 1) && ![...reported].some((r) => r.contains(el) || el.contains(r))) {
      const has = Math.round(box.width - Math.max(0, cutLeft) - Math.max(0, cutRight));
      found.push({ text, path: pathOf(el), how: 'outside', needs: Math.round(box.width), has });
      reported.add(el);
    }
  }
  return found;
}

/**
 * Two HTML CodeSniffer (pa11y) rules that axe-core does not check:
 * - 1.3.5 (H98): an `autocomplete` token of the "text" control group (e.g. `username`) only on a
 *   text, search or hidden input, a textarea or a select — HTML_CodeSniffer follows HTML 5.2's table;
 * - 1.3.1 (H63): in a table with header cells in its body rows (row headers) as well as column
 *   headers, every `th` says what it heads with `scope`.
 * @returns one line per finding, naming the element.
 */
export function findCodeSnifferFindings(): string[] {
  const TEXT_GROUP = [
    'name',
    'given-name',
    'family-name',
    'nickname',
    'username',
    'organization',
    'address-line1',
    'address-line2',
    'postal-code',
    'country',
    'country-name',
    'language',
    'sex',
    'tel-national',
  ];
  const findings: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('input[autocomplete], textarea[autocomplete], select[autocomplete]')) {
    const type = el instanceof HTMLInputElement ? (el.getAttribute('type') ?? 'text') : 'text';
    const tokens = (el.getAttribute('autocomplete') ?? '').split(/\s+/);
    const textual = el.tagName !== 'INPUT' || ['text', 'search', 'hidden'].includes(type);
    for (const token of tokens)
      if (TEXT_GROUP.includes(token) && !textual)
        findings.push(`autocomplete="${token}" on <input type="${type}"> (${el.id || el.getAttribute('name') || el.outerHTML.slice(0, 80)})`);
  }
  for (const table of document.querySelectorAll('table')) {
    if (table.querySelector('tbody th') === null || table.querySelector('thead th, tr:first-child th') === null) continue;
    const unscoped = [...table.querySelectorAll('th')].filter((th) => !th.hasAttribute('scope'));
    if (unscoped.length > 0) findings.push(`${unscoped.length} <th> without scope in the table headed "${table.querySelector('th')?.textContent ?? ''}"`);
  }
  return findings;
}

/** Runs both finders on the page as it is now. */
export async function layoutFindings(page: Page): Promise<{ clipped: ClippedText[]; sniffer: string[] }> {
  const clipped = await page.evaluate(findClippedText);
  const sniffer = await page.evaluate(findCodeSnifferFindings);
  return { clipped, sniffer };
}

/** The findings as lines for a failure message: "<where>: «text» (how, needs N px, has M px) at <path>". */
export function describeClipped(where: string, clipped: readonly ClippedText[]): string[] {
  return clipped.map((c) => `${where}: «${c.text.slice(0, 60)}» (${c.how}, needs ${c.needs} px, has ${c.has} px) at ${c.path}`);
}
