/**
 * What a web feature brings to the app (`features/<f>/index.ts`), and the helpers that keep its
 * screens out of the initial load. `app/features.ts` lists every feature; the router, the menu's
 * group headings, the page titles and the live listeners walk that list, so a new screen is its
 * feature folder plus one line there.
 *
 * A feature's index must stay light: it is part of the initial load. It names its screens and
 * listeners through `lazyScreen`/`lazyListener`, never by a static import of their component files.
 */
import { createElement, type ComponentType } from 'react';
import type { Module, RoutePath } from '../../shared/subroles';
import { lazyChunk } from './load-chunk';

export interface WebFeature {
  /** The work area of the shared sub-role table (menus, access, home screens) it serves. */
  module: Module;
  /** Display name: the menu's group heading and the "not built yet" page ('Not at home'). */
  title: string;
  /**
   * Its screens by route path (labels and who may open them are the shared sub-role table's);
   * each one lazy, loaded on first visit. A path no feature names shows "not built yet".
   */
  screens?: Partial<Record<RoutePath, ComponentType>>;
  /** Socket listeners, lazy: mounted in the shell for sub-roles that may use the module. */
  liveUpdates?: ComponentType[];
  /**
   * Controls in the app header (lazy, e.g. super-admin's Overdue bell), mounted for sub-roles that
   * may use the module. The header is in the initial load: keep these lazy.
   */
  header?: ComponentType[];
  /** Its listeners are mounted for every sub-role (the society's logo is on every header). */
  heardByEveryone?: boolean;
}

/** A screen loaded on first visit (its own chunk, tried again if it fails: lib/load-chunk.ts); ModuleRoute shows a loader meanwhile. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyChunk(async () => ({ default: await load() }));
}

/** A socket listener loaded in its own chunk (it brings the list machinery and zod). */
export const lazyListener = (load: () => Promise<ComponentType>) => lazyScreen(load);

/** One screen component serving one path with fixed props. */
export function withProps<P extends object>(Screen: ComponentType<P>, props: P): ComponentType {
  return function ScreenWithProps() {
    return createElement(Screen, props);
  };
}

/** One screen component serving several paths, each with its props (a desk's three stages). */
export function screensOf<P extends object>(
  Screen: ComponentType<P>,
  byPath: Partial<Record<RoutePath, NoInfer<P>>>,
): Partial<Record<RoutePath, ComponentType>> {
  return Object.fromEntries(Object.entries(byPath).map(([path, props]) => [path, withProps(Screen, props as P)]));
}
