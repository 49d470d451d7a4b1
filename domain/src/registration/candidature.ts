/**
 * A candidature: one person registered for one session, in one métier, through one centre de
 * dépôt. Its life cycle: brouillon → soumis → validé | rejeté (motif); a candidate may
 * withdraw (désisté); a brouillon may be deleted. What other aggregates say (the session's step,
 * the editing parameters' deadline) reaches the decider as facts the handler read, so that the
 * rules stay here, pure.
 */
export * from './candidatureForm.js';
export * from './candidatureTypes.js';
export * from './candidaturePayments.js';
export * from './candidaturePieces.js';
export * from './candidatureEvents.js';
export * from './candidatureMessages.js';
export * from './candidatureDossierDecider.js';
export * from './candidatureCompletionDecider.js';
export * from './candidatureExamDecider.js';
export * from './candidatureDecider.js';
export * from './candidaturePerson.js';
