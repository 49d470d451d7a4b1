/**
 * Admission decisions (« Décision d’admission »): the minister's signature deposited, a
 * département's decision prepared from the frozen results of its admitted candidates, refreshed
 * while a draft, signed with the deposited signature. The rules are the domain's deciders; what they
 * need is read here — the results from the juries' own deliberation streams (never a read model that
 * could lag behind), whether every jury concerned has closed, the decision's number, the visas and
 * the ampliations. A reactor asks the workers for the signed decision's PDF (one document per
 * decision, under a deterministic id) and records its SHA-256 on the decision once it is made.
 */
export * from './admissionDecisionReads.js';
export * from './admissionDecisionCommands.js';
export * from './admissionDecisionsReactor.js';
export * from './admissionDecisionDocument.js';
