/**
 * Generated-input entry of the media upload; see ../input-endpoints.ts.
 *
 * The suite sends JSON (or broken JSON, or text) bodies only, so `POST /api/media` gets those:
 * each must be a 400 naming `file` that stores nothing. Its multipart bodies (executables named
 * .png, random bytes, truncated images, bombs, oversize files) are in tests/api/media.test.ts.
 */
import fc from 'fast-check';
import { anyJson, body, text } from '../bad-input.js';
import { withBody, type InputEndpoint } from '../input-arbitraries.js';

const CMS = { staff: 'cms@greenvalley.test' };
/** Base64 of PNG, JPEG and ELF magic numbers, as a client that misunderstood the upload might send. */
const fileLike = fc.constantFrom('iVBORw0KGgo=', '/9j/4AAQ', 'f0VMRgIBAQA=', 'data:image/png;base64,iVBORw0KGgo=');

export const MEDIA_INPUTS: readonly InputEndpoint[] = [
  {
    route: 'POST /api/media',
    as: CMS,
    weight: 0.5,
    request: withBody(
      fc.constant('/api/media'),
      fc.option(fc.oneof(anyJson, body({ file: text(fileLike), filename: text(fc.constant('photo.png')) })), { nil: undefined }),
    ),
  },
];
