/** Generated-input entries of the doctor routes; see ../input-endpoints.ts. */
import fc from 'fast-check';
import { anyJson, body, idSegment, query, text } from '../bad-input.js';
import { DOCTOR, listParams, noBody, page, cursor, withBody, overdue, type InputEndpoint } from '../input-arbitraries.js';

/**
 * A request id in a path: the shared bad segments, or an id in the window where this suite's
 * POST /api/doctor cases land (after the 56 seeded complaints and the grocery entries' requests;
 * seen: ids 166–251), so the link, ready and prescription cases also reach their 2xx and 409 paths.
 */
const onRequestId = (before: string, after = '') =>
  fc
    .oneof({ arbitrary: idSegment, weight: 1 }, { arbitrary: fc.noBias(fc.integer({ min: 100, max: 400 })).map(String), weight: 2 })
    .map((id) => `${before}${id}${after}`);

const words = fc.constantFrom('Fever since Monday', 'Headache', 'x');
/**
 * Valid more often than `text` alone gives (a transition needs every field valid at once), so the
 * cases that pass validation also exercise the stage checks; still bad or of the wrong type often.
 */
const oftenValid = (valid: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: text(valid), weight: 2 });

export const DOCTOR_INPUTS: readonly InputEndpoint[] = [
  { route: 'POST /api/doctor', as: 'resident', request: withBody(fc.constant('/api/doctor'), body({ description: text(words) })) },
  {
    route: 'GET /api/doctor',
    as: DOCTOR,
    weight: 0.6,
    request: noBody(fc.tuple(fc.constantFrom('/api/doctor', '/api/doctor/'), query({ ...listParams, overdue })).map(([p, q]) => p + q)),
  },
  {
    route: 'PUT /api/doctor/{id}/link',
    as: DOCTOR,
    request: withBody(
      onRequestId('/api/doctor/', '/link'),
      body({ meetingId: oftenValid(fc.constantFrom('SocietyDesk-abc', 'https://meet.jit.si/room-1', 'room')), description: text(words) }),
    ),
  },
  {
    route: 'GET /api/consultations',
    as: DOCTOR,
    weight: 0.6,
    request: noBody(
      fc
        .tuple(fc.constantFrom('/api/consultations', '/api/consultations/'), query({ stage: fc.constantFrom('open', 'done'), ...listParams }))
        .map(([p, q]) => p + q),
    ),
  },
  {
    route: 'POST /api/consultations/{id}/ready',
    as: DOCTOR,
    request: withBody(onRequestId('/api/consultations/', '/ready'), fc.option(anyJson, { nil: undefined })),
  },
  {
    route: 'PUT /api/consultations/{id}/prescription',
    as: DOCTOR,
    request: withBody(
      onRequestId('/api/consultations/', '/prescription'),
      body({
        disease: oftenValid(fc.constant('Flu')),
        medicine: oftenValid(fc.constant('Paracetamol')),
        testNeeded: oftenValid(fc.constant('None')),
        thingsToDo: oftenValid(fc.constant('Rest')),
      }),
    ),
  },
  {
    route: 'GET /api/resident/consultations',
    as: 'resident',
    weight: 0.6,
    request: noBody(query({ page, after: cursor, before: cursor }).map((q) => `/api/resident/consultations${q}`)),
  },
];
