/**
 * What the typed test clients drive: any built app (a harness's, one of two instances, a restarted
 * one) through `app.inject`, and the sign-ins of a harness.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { BuiltApp } from '../../../src/server/app.js';

/** An app the clients call with `inject`. */
export type App = Pick<BuiltApp['app'], 'inject'>;
/** An injected answer. */
export type Reply = LightMyRequestResponse;
/** A request's method as the clients send it. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** What a client needs of a harness: its app and its sign-ins (see tests/api/harness.ts). */
export interface Signed {
  app: App;
  staffCookie(email: string): Promise<string>;
  residentAuth(phone: string): Promise<string>;
}
