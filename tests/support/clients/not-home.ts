/** The not-at-home routes (`/api/nothome`), typed by the shared contracts. */
import type { z } from 'zod';
import type { ZFileNotHome } from '../../../src/shared/contracts/not-home.js';
import type { App, Reply } from './app.js';

/** The body of `POST /api/nothome`: `from` and `to`, calendar dates. */
export type FileNotHome = z.input<typeof ZFileNotHome>;

/** A resident's `POST /api/nothome` with `payload` as given; the answer as it comes. */
export function postNotHome(app: App, authorization: string, payload: FileNotHome | object): Promise<Reply> {
  return app.inject({ method: 'POST', url: '/api/nothome', headers: { authorization }, payload });
}
