/**
 * Sign-ins of one test file, each account signed in once: the staff and resident sign-in routes
 * are rate limited, and a test file signs the same accounts in again and again.
 */
import type { App, Method, Reply, Signed } from './app.js';

/** Staff cookies by email (one sign-in each), and requests sent as a staff member by email. */
export function signedInStaff(h: Signed) {
  const cookies = new Map<string, Promise<string>>();
  const cookie = (email: string): Promise<string> => {
    let c = cookies.get(email);
    if (!c) cookies.set(email, (c = h.staffCookie(email)));
    return c;
  };
  /** A request with the cookie of `email`; a body only when `payload` is given. */
  const send = async (method: Method, url: string, email: string, payload?: object): Promise<Reply> =>
    h.app.inject({ method, url, headers: { cookie: await cookie(email) }, ...(payload ? { payload } : {}) });
  return { cookie, send };
}

/**
 * The bearer Authorization value of a resident by phone, one sign-in each. `set` keeps a token
 * signed in elsewhere; `clear` forgets them all (tokens expire by the app clock).
 */
export function residentTokens(h: Pick<Signed, 'residentAuth'>) {
  const tokens = new Map<string, string>();
  const token = async (phone: string): Promise<string> => {
    const authorization = tokens.get(phone) ?? (await h.residentAuth(phone));
    tokens.set(phone, authorization);
    return authorization;
  };
  return Object.assign(token, {
    set: (phone: string, authorization: string) => void tokens.set(phone, authorization),
    clear: () => tokens.clear(),
  });
}

/**
 * A request with a staff cookie already in hand; a body only when `payload` is given. `h.app` is
 * read at each call (a harness has its app only once its `beforeAll` ran).
 */
export function staffRequest(h: { app: App }) {
  return (method: Method, url: string, cookie: string, payload?: unknown): Promise<Reply> =>
    h.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Signs `email` in (a fresh sign-in each call) and gives GET, POST (no body) and PUT with its cookie. */
export function staffAs(h: Signed) {
  return async (email: string) => {
    const cookie = await h.staffCookie(email);
    return {
      get: (url: string): Promise<Reply> => h.app.inject({ method: 'GET', url, headers: { cookie } }),
      post: (url: string): Promise<Reply> => h.app.inject({ method: 'POST', url, headers: { cookie } }),
      put: (url: string, payload: object): Promise<Reply> => h.app.inject({ method: 'PUT', url, headers: { cookie }, payload }),
    };
  };
}
