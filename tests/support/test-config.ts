/**
 * Configuration every test app shares. Admission control is left to its own tests
 * (tests/{unit,api}/admission.test.ts): other files send bursts of concurrent requests on purpose,
 * on a machine loaded by parallel test files, so their apps admit everything.
 */
export const ADMIT_ALL = { ADMISSION_MAX_IN_FLIGHT: '100000', ADMISSION_MAX_QUEUE: '100000', ADMISSION_MAX_LOOP_DELAY_MS: '60000' } as const;
