/**
 * The Mantine theme with colours that stay readable in both colour schemes (WCAG 2.2 AA, success
 * criterion 1.4.3: 4.5:1 for normal text). Mantine's defaults fall short in places: white text on
 * teal-6 is 2.5:1, `dimmed` gray-6 on white 3.3:1, orange-9 on orange-1 3.6:1. So every colour's
 * scheme variables (filled, light, outline, text) are derived here from its ten shades by
 * measuring, not by picking shade numbers by eye:
 * - filled: the first shade from Mantine's primary shade on (6 light, 8 dark) that carries white
 *   text; a colour too light for white at any shade (orange, yellow, lime, green) keeps its
 *   primary shade and carries black text (`--mantine-color-{c}-contrast`).
 * - light (Badge/Button/NavLink `light`, `subtle`): Mantine's tinted background; its text is
 *   darkened (light scheme) until readable on the tint and on the page.
 * - outline and text (Anchor, `c="red"`, the error text): the first shade readable on the page
 *   and on its grey surfaces (striped rows, hovered items), darkened further if none is.
 * - dimmed, and placeholders with it: gray-6 darkened until readable (light); dark-1 (dark).
 * The same rules are checked for every colour by theme.test.ts.
 */
import {
  Badge,
  createTheme,
  darken,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG 2.2 AA contrast for normal-size text (1.4.3). */
export const AA_TEXT = 4.5;

/**
 * An SOS drill's own colour (its toast edge and title, the DRILL badge): distinct from a real
 * alarm's red and an acknowledged one's teal. Its filled and light variants are measured like
 * every colour's; {@link DRILL_TOAST_TEXT} is the title shade on the dark alarm toast (dark-8).
 */
export const DRILL_COLOR = 'violet';
export const DRILL_TOAST_TEXT = 'violet.3';

const WHITE = '#ffffff';
const BLACK = '#000000';
const { gray, dark } = DEFAULT_THEME.colors;

/**
 * What text in each scheme sits on: the page (body) and the grey surfaces on it. Light: white,
 * gray-0/1 (hovered rows, the login page); dark: dark-8 (the login page), dark-7 (body, drawers),
 * dark-6 (inputs, striped rows).
 */
export const SURFACES = { light: [WHITE, shade(gray, 0), shade(gray, 1)], dark: [shade(dark, 8), shade(dark, 7), shade(dark, 6)] } as const;

/** WCAG contrast ratio of two colours (any CSS colour Mantine's toRgba reads: hex, rgb(a)), 1–21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Shade `index` (0–9) of a colour; Mantine's tuples always have ten. */
function shade(tuple: MantineColorsTuple, index: number): string {
  return tuple[index] ?? tuple[0];
}

const readableOn = (color: string, backgrounds: readonly string[]) => backgrounds.every((bg) => contrastRatio(color, bg) >= AA_TEXT);

/** `color` darkened in 5 % steps until readable on every background (light scheme text). */
function darkenUntilReadable(color: string, backgrounds: readonly string[]): string {
  let result = color;
  for (let step = 1; step <= 20 && !readableOn(result, backgrounds); step += 1) result = darken(color, step * 0.05);
  return result;
}

/** The first of `shades` (indexes into `tuple`) readable on every background, else the fallback. */
function firstReadable(tuple: MantineColorsTuple, shades: number[], backgrounds: readonly string[], fallback: () => string): string {
  const found = shades.find((index) => readableOn(shade(tuple, index), backgrounds));
  return found === undefined ? fallback() : shade(tuple, found);
}

/** Filled background and its text: the first shade from `from` that carries white, else `from` with black. */
export function filledPair(tuple: MantineColorsTuple, from: number): { background: string; text: string; index: number } {
  for (let index = from; index <= 9; index += 1)
    if (contrastRatio(shade(tuple, index), WHITE) >= AA_TEXT) return { background: shade(tuple, index), text: WHITE, index };
  return { background: shade(tuple, from), text: BLACK, index: from };
}

/** The scheme variables of one colour: the values behind Mantine's `--mantine-color-{name}-*` (see the file comment). */
export function schemeColors(tuple: MantineColorsTuple, scheme: 'light' | 'dark') {
  const light = scheme === 'light';
  const filled = filledPair(tuple, light ? 6 : 8);
  const white = filled.text === WHITE;
  const tint = light ? shade(tuple, 1) : darken(shade(tuple, 9), 0.5);
  const tintHover = light ? shade(tuple, 2) : darken(shade(tuple, 9), 0.3);
  const surfaces = SURFACES[scheme];
  const text = light
    ? firstReadable(tuple, [6, 7, 8, 9], surfaces, () => darkenUntilReadable(shade(tuple, 9), surfaces))
    : firstReadable(tuple, [4, 3, 2, 1, 0], surfaces, () => shade(tuple, 0));
  return {
    filled: filled.background,
    // White text stays readable on a darker hover; black text on a lighter one.
    filledHover: white ? darken(filled.background, 0.12) : shade(tuple, Math.max(filled.index - 1, 0)),
    contrast: filled.text,
    light: tint,
    lightHover: tintHover,
    lightColor: light ? darkenUntilReadable(shade(tuple, 9), [tint, tintHover, ...surfaces]) : shade(tuple, 0),
    text,
  };
}

/** Every theme colour's scheme variables, plus the page-wide ones (dimmed, placeholder, anchor, error, success). */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const result = { variables: {}, light: {} as Record<string, string>, dark: {} as Record<string, string> };
  for (const scheme of ['light', 'dark'] as const) {
    const vars = result[scheme];
    for (const [name, tuple] of Object.entries(theme.colors)) {
      const c = schemeColors(tuple, scheme);
      Object.assign(vars, {
        [`--mantine-color-${name}-filled`]: c.filled,
        [`--mantine-color-${name}-filled-hover`]: c.filledHover,
        [`--mantine-color-${name}-contrast`]: c.contrast,
        [`--mantine-color-${name}-light`]: c.light,
        [`--mantine-color-${name}-light-hover`]: c.lightHover,
        [`--mantine-color-${name}-light-color`]: c.lightColor,
        [`--mantine-color-${name}-outline`]: c.text,
        [`--mantine-color-${name}-text`]: c.text,
      });
    }
    const primary = schemeColors(theme.colors[theme.primaryColor] ?? theme.colors.teal, scheme);
    vars['--mantine-primary-color-contrast'] = primary.contrast;
    vars['--mantine-color-anchor'] = primary.text;
    vars['--mantine-color-error'] = schemeColors(theme.colors.red, scheme).text;
    vars['--mantine-color-success'] = schemeColors(theme.colors.teal, scheme).text;
  }
  for (const scheme of ['light', 'dark'] as const) {
    result[scheme]['--mantine-color-dimmed'] = dimmed(scheme);
    // Mantine's gray-5 / dark-3 placeholders are 2:1; some (FileInput's 'Choose a file') are text.
    result[scheme]['--mantine-color-placeholder'] = dimmed(scheme);
  }
  return result;
};

/** The `dimmed` text colour of a scheme, readable on its surfaces. */
export function dimmed(scheme: 'light' | 'dark'): string {
  return scheme === 'light' ? darkenUntilReadable(shade(gray, 6), SURFACES.light) : firstReadable(dark, [2, 1, 0], SURFACES.dark, () => shade(dark, 0));
}

/**
 * Mantine's variant colours, with the filled variant's text taken from the measured contrast
 * colour instead of always white.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return colors;
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  if (parsed.shade === undefined) return { ...colors, color: `var(--mantine-color-${parsed.color}-contrast)` };
  const tuple = input.theme.colors[parsed.color];
  if (!tuple) return colors;
  return { ...colors, color: contrastRatio(shade(tuple, parsed.shade), WHITE) >= AA_TEXT ? 'var(--mantine-color-white)' : 'var(--mantine-color-black)' };
};

/**
 * Badges wrap instead of cutting their text. Mantine's badge is one line with `overflow: hidden`
 * and an ellipsis, so in a narrow table column or beside a long text in a flex row it shrinks to
 * 'PRO…', 'A…'. Here its label wraps at spaces (a word is never cut: a word is the badge's
 * narrowest width), and a long label ('Overdue since 02/12/2026 5:31 AM') takes a second line.
 */
const badgeWraps = Badge.extend({
  styles: {
    root: { height: 'auto', minHeight: 'var(--badge-height)', overflow: 'visible', maxWidth: '100%' },
    label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
  },
});

/**
 * The dashboard's and the resident app's theme. `respectReducedMotion`: a person whose system asks
 * for less motion (prefers-reduced-motion: reduce, often set for vestibular disorders; WCAG 2.3.3)
 * gets drawers, dialogs, menus and toasts that appear at once instead of sliding and fading in.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'sm',
  respectReducedMotion: true,
  variantColorResolver,
  components: { Badge: badgeWraps },
});

export { cssVariablesResolver };
