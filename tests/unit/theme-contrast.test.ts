import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, cssVariablesResolver, dimmed, DRILL_COLOR, DRILL_TOAST_TEXT, schemeColors, SURFACES, theme } from '../../src/web/app/theme.js';

const schemes = ['light', 'dark'] as const;
const colorNames = Object.keys(DEFAULT_THEME.colors);

describe('theme colours meet WCAG 2.2 AA (4.5:1) in both schemes', () => {
  for (const scheme of schemes) {
    for (const name of colorNames) {
      it(`${scheme} ${name}: filled, light and text variants`, () => {
        const c = schemeColors(DEFAULT_THEME.colors[name]!, scheme);
        expect(contrastRatio(c.contrast, c.filled), 'text on filled').toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(c.contrast, c.filledHover), 'text on hovered filled').toBeGreaterThanOrEqual(AA_TEXT);
        for (const bg of [c.light, c.lightHover]) expect(contrastRatio(c.lightColor, bg), `light text on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
        for (const bg of SURFACES[scheme]) {
          expect(contrastRatio(c.text, bg), `text on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
          expect(contrastRatio(c.lightColor, bg), `subtle text on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
        }
      });
    }
    it(`${scheme}: dimmed text on every surface`, () => {
      for (const bg of SURFACES[scheme]) expect(contrastRatio(dimmed(scheme), bg)).toBeGreaterThanOrEqual(AA_TEXT);
    });
  }

  it('keeps the primary colour white-on-teal where it can and measures the rest', () => {
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(schemeColors(DEFAULT_THEME.colors.teal, 'light').contrast).toBe('#ffffff');
    // Orange is too light for white at every shade: it carries black.
    expect(schemeColors(DEFAULT_THEME.colors.orange, 'light').contrast).toBe('#000000');
  });

  it("an SOS drill's colour is readable: its badge in both schemes, its title on the dark alarm toast", () => {
    const [name, index] = DRILL_TOAST_TEXT.split('.') as [string, string];
    expect(name).toBe(DRILL_COLOR);
    const tuple = DEFAULT_THEME.colors[DRILL_COLOR]!;
    expect(contrastRatio(tuple[Number(index)]!, DEFAULT_THEME.colors.dark[8]!)).toBeGreaterThanOrEqual(AA_TEXT);
    for (const scheme of schemes) {
      const c = schemeColors(tuple, scheme);
      expect(contrastRatio(c.contrast, c.filled), `${scheme} DRILL badge`).toBeGreaterThanOrEqual(AA_TEXT);
    }
    // Not red (a real alarm) nor teal (acknowledged): a drill is told apart at a glance.
    expect(DRILL_COLOR).not.toMatch(/^(red|teal)$/);
  });

  it('the resolver sets every colour in both schemes and the page-wide text colours', () => {
    const vars = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    for (const scheme of schemes) {
      for (const name of colorNames) expect(vars[scheme][`--mantine-color-${name}-contrast`]).toMatch(/^#/);
      expect(vars[scheme]['--mantine-color-dimmed']).toBe(dimmed(scheme));
      expect(vars[scheme]['--mantine-color-placeholder']).toBe(dimmed(scheme));
      expect(vars[scheme]['--mantine-color-anchor']).toBe(schemeColors(DEFAULT_THEME.colors.teal, scheme).text);
    }
  });
});
