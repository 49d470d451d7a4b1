/** A registered candidate's place at the exam, and their identity corrected after it. */
import { assertNever } from '../core/decider.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type { Candidature, CandidatureEvent } from './candidatureEvents.js';
import { CANDIDATURE_STATUS_LABELS } from './candidatureForm.js';
import {
  type CandidatureCommandOf,
  existing,
  inStatus,
  REGISTERED_FOR_EXAM,
} from './candidatureGuards.js';
import {
  ALLOCATION_LOCKED,
  IDENTITY_CORRECTION_TOO_EARLY,
  IDENTITY_UNCHANGED,
} from './candidatureMessages.js';
import { CORRECTABLE_IDENTITY_FIELDS } from './identity.js';
import type { CandidatureValues } from './candidatureTypes.js';

/** A seat in a composition site given, moved or taken back, until the composition starts. */
export const decideAllocationCommand = (
  command: CandidatureCommandOf<'AllocateCandidature' | 'DeallocateCandidature'>,
  state: Candidature,
): CandidatureEvent[] => {
  switch (command.type) {
    case 'AllocateCandidature': {
      const current = existing(state);
      const { siteId, numeroCandidat, numeroTable, facts, affectationAutomatiqueId } = command.data;
      inStatus(current, ['valide', 'affecte'], 'affecté');
      if (facts.compositionStarted) throw new ConflictError(ALLOCATION_LOCKED);
      if (current.statut === 'affecte' && current.siteId === siteId) return [];
      return [
        {
          type: 'CandidatureAllocated',
          data: {
            candidatureId: current.id,
            siteId,
            // Never renumbered: the number given first stays.
            numeroCandidat: current.numeroCandidat ?? numeroCandidat,
            numeroTable,
            ...(current.siteId ? { ancienSiteId: current.siteId } : {}),
            ...(affectationAutomatiqueId ? { affectationAutomatiqueId } : {}),
          },
        },
      ];
    }
    case 'DeallocateCandidature': {
      const current = existing(state);
      inStatus(current, ['affecte'], 'désaffecté');
      if (command.data.facts.compositionStarted) throw new ConflictError(ALLOCATION_LOCKED);
      return [
        {
          type: 'CandidatureDeallocated',
          data: {
            candidatureId: current.id,
            siteId: current.siteId!,
            numeroTable: current.numeroTable!,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

/** An identity corrected after the exam (« Gestion des contentieux »), its document sent first. */
export const decideIdentityCorrection = (
  command: CandidatureCommandOf<'CorrectIdentity'>,
  state: Candidature,
): CandidatureEvent[] => {
  const current = existing(state);
  const { identite, justification, document, facts } = command.data;
  if (!REGISTERED_FOR_EXAM.includes(current.statut))
    throw new ConflictError(
      `Ce dossier est à l’état « ${CANDIDATURE_STATUS_LABELS[current.statut]} » : seule l’identité d’un candidat inscrit à l’examen (dossier validé ou affecté) se corrige.`,
    );
  if (!facts.compositionStarted) throw new ConflictError(IDENTITY_CORRECTION_TOO_EARLY);
  const avant: CandidatureValues = {};
  const apres: CandidatureValues = {};
  for (const field of CORRECTABLE_IDENTITY_FIELDS) {
    const before = current.values[field] ?? null;
    const after = identite[field] ?? null;
    if (before === after) continue;
    avant[field] = before;
    apres[field] = after;
  }
  if (Object.keys(apres).length === 0) throw new ValidationError(IDENTITY_UNCHANGED);
  return [
    {
      type: 'CandidatureIdentityCorrected',
      data: {
        candidatureId: current.id,
        numeroDossier: current.numeroDossier,
        numeroCandidat: current.numeroCandidat,
        sessionId: current.sessionId,
        centreDepotId: current.centreDepotId,
        candidat: [identite.nom, identite.prenoms].filter(Boolean).join(' '),
        avant,
        apres,
        justification,
        document,
      },
    },
  ];
};
