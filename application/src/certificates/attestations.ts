/**
 * Attestations and diplomas (« Gestion des admissions → Attestations »): asking for them (the
 * candidates' results checked, the public address fixed), and what the workers make them of — the
 * candidates in page order, their verification codes issued the first time (a CSPRNG's, each
 * reserved like a unique code), their pages, and the record of what was printed.
 */
export { signatoryOf } from './attestationReads.js';
export * from './attestationRequests.js';
export { issueAttestation } from './attestationCodes.js';
export * from './attestationSource.js';
