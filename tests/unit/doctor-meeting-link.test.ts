import { describe, expect, it } from 'vitest';
import { freshMeetingLink, meetingUrlOf } from '../../src/server/modules/doctor/meeting-link.js';

describe('doctor meeting links (issue 8)', () => {
  it('makes an unguessable, url-safe room on the configured server: 24 base64url characters (144 random bits), never repeated', () => {
    const links = Array.from({ length: 500 }, () => freshMeetingLink('https://meet.example.org/'));
    for (const l of links) {
      expect(l.meetingId).toMatch(/^SocietyDesk-[A-Za-z0-9_-]{24}$/);
      expect(l.meetingUrl).toBe(`https://meet.example.org/${l.meetingId}`);
      expect(encodeURIComponent(l.meetingId)).toBe(l.meetingId);
    }
    expect(new Set(links.map((l) => l.meetingId)).size).toBe(links.length);
  });

  it('opens an http(s) Meet ID as it is and any other as a percent-encoded room on the server', () => {
    expect(meetingUrlOf('https://meet.google.com/abc-defg-hij', 'https://meet.jit.si')).toBe('https://meet.google.com/abc-defg-hij');
    expect(meetingUrlOf('HTTP://host/room', 'https://meet.jit.si')).toBe('HTTP://host/room');
    expect(meetingUrlOf('Dr Ali room', 'https://meet.jit.si')).toBe('https://meet.jit.si/Dr%20Ali%20room');
    expect(meetingUrlOf('../admin?x=1#y', 'https://meet.jit.si//')).toBe('https://meet.jit.si/..%2Fadmin%3Fx%3D1%23y');
    expect(meetingUrlOf('javascript:alert(1)', 'https://meet.jit.si')).toBe('https://meet.jit.si/javascript%3Aalert(1)');
  });
});
