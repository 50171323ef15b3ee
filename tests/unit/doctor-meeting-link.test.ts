import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { freshMeetingLink, meetingLinkAllowed, meetingUrlOf } from '../../src/server/modules/doctor/meeting-link.js';

describe('doctor meeting links', () => {
  it('makes an unguessable, url-safe room on the configured server: 24 base64url characters (144 random bits), never repeated', () => {
    const links = Array.from({ length: 500 }, () => freshMeetingLink('https://meet.example.org/'));
    for (const l of links) {
      expect(l.meetingId).toMatch(/^SocietyDesk-[A-Za-z0-9_-]{24}$/);
      expect(l.meetingUrl).toBe(`https://meet.example.org/${l.meetingId}`);
      expect(encodeURIComponent(l.meetingId)).toBe(l.meetingId);
    }
    expect(new Set(links.map((l) => l.meetingId)).size).toBe(links.length);
  });

  const jitsi = { baseUrl: 'https://meet.jit.si', allowedHosts: ['meet.google.com'] };

  it('opens a link on the meeting server or an allowed host as it is and anything else as a percent-encoded room on the server', () => {
    expect(meetingUrlOf('https://meet.google.com/abc-defg-hij', jitsi)).toBe('https://meet.google.com/abc-defg-hij');
    expect(meetingUrlOf('https://meet.jit.si/SomeRoom', jitsi)).toBe('https://meet.jit.si/SomeRoom');
    expect(meetingUrlOf('Dr Ali room', jitsi)).toBe('https://meet.jit.si/Dr%20Ali%20room');
    expect(meetingUrlOf('../admin?x=1#y', { ...jitsi, baseUrl: 'https://meet.jit.si//' })).toBe('https://meet.jit.si/..%2Fadmin%3Fx%3D1%23y');
    expect(meetingUrlOf('javascript:alert(1)', jitsi)).toBe('https://meet.jit.si/javascript%3Aalert(1)');
    // A link stored before the allow-list, to any other site, never leaves the meeting server.
    expect(meetingUrlOf('https://evil.test/login', jitsi)).toBe('https://meet.jit.si/https%3A%2F%2Fevil.test%2Flogin');
  });

  it("allows links only to MEET_BASE_URL's host or MEET_ALLOWED_HOSTS, over https, without credentials", () => {
    const ok = (link: string) => meetingLinkAllowed(link, jitsi);
    expect(ok('https://meet.jit.si/room')).toBe(true);
    expect(ok('HTTPS://MEET.JIT.SI/room')).toBe(true);
    expect(ok('https://meet.google.com/abc')).toBe(true);
    expect(ok('https://evil.test/room')).toBe(false);
    expect(ok('https://meet.jit.si.evil.test/room')).toBe(false);
    expect(ok('https://meet.jit.si@evil.test/room')).toBe(false);
    expect(ok('https://user@meet.jit.si/room')).toBe(false);
    expect(ok('http://meet.google.com/abc')).toBe(false);
    expect(ok('https://meet.google.com:8443/abc')).toBe(false);
    expect(ok('https://sub.meet.google.com/abc')).toBe(false);
    // A plain-http meeting server of one's own (development) stays usable.
    expect(meetingLinkAllowed('http://localhost:8000/room', { baseUrl: 'http://localhost:8000', allowedHosts: [] })).toBe(true);
  });

  it('reads MEET_ALLOWED_HOSTS as lower-case host names and refuses anything else at start-up', () => {
    expect(loadConfig({ MEET_ALLOWED_HOSTS: ' Meet.Google.com, zoom.us:443 ' }).MEET_ALLOWED_HOSTS).toEqual(['meet.google.com', 'zoom.us:443']);
    expect(loadConfig({}).MEET_ALLOWED_HOSTS).toEqual([]);
    expect(() => loadConfig({ MEET_ALLOWED_HOSTS: 'https://meet.google.com' })).toThrow(/MEET_ALLOWED_HOSTS/);
    expect(() => loadConfig({ MEET_ALLOWED_HOSTS: 'meet.google.com/room' })).toThrow(/MEET_ALLOWED_HOSTS/);
  });
});
