import { describe, expect, it } from '@jest/globals';
import { fold } from '../core/decider.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import {
  ALLOCATION_LOCKED,
  type Candidature,
  type CandidatureCommand,
  candidatureDecider,
  type CandidatureEvent,
  decideAllocationCommand,
  decideCandidature,
  decideDossierCommand,
  decideIdentityCorrection,
  decidePaymentCommand,
  decidePieceCommand,
  IDENTITY_CORRECTION_TOO_EARLY,
  type RegistrationFacts,
} from './candidature.js';

/**
 * Each family of the candidature's commands has a decider of its own, callable alone; the
 * candidature's decider hands every command to its family's and answers what that one answers.
 */
const facts: RegistrationFacts = {
  registrationOpen: true,
  deadlinePassed: false,
  modifiableAfterValidation: false,
  compositionStarted: false,
};
const candidatureId = 'c-1';
const dossier = {
  sessionId: 's-1',
  metierId: 'm-1',
  centreDepotId: 'cd-1',
  values: { categorie: 'libre', nom: 'Ngono', prenoms: 'Éloïse' },
};
const piece = { id: 'p-1', libelle: 'Acte de naissance', obligatoire: true };
const file = {
  fichier: `piece-${'a'.repeat(64)}.pdf`,
  nomFichier: 'acte.pdf',
  type: 'application/pdf',
  taille: 1000,
};
const history: CandidatureEvent[] = [
  {
    type: 'CandidatureCreated',
    data: { candidatureId, numeroDossier: 'CQP27-000001', ...dossier },
  },
  { type: 'CandidatureSubmitted', data: { candidatureId } },
  {
    type: 'PieceDeposited',
    data: { candidatureId, pieceId: piece.id, piecesDemandees: [piece], ...file },
  },
];
const submitted: Candidature = fold(candidatureDecider, history);
const validated: Candidature = fold(candidatureDecider, [
  ...history,
  { type: 'CandidatureValidated', data: { candidatureId } },
]);
const absent: Candidature = candidatureDecider.initialState();

describe('The candidature’s deciders, one per family', () => {
  it('the dossier’s: validates a submitted dossier whose pièces are checked', () => {
    const command = {
      type: 'ValidateCandidature',
      data: { candidatureId, facts, pieces: [piece] },
    } as const;
    expect(() => decideDossierCommand(command, submitted)).toThrow(
      'Ce dossier ne peut pas encore être validé : pièces à vérifier : « Acte de naissance ».',
    );
    expect(decideDossierCommand({ ...command, data: { candidatureId, facts } }, submitted)).toEqual(
      [{ type: 'CandidatureValidated', data: { candidatureId } }],
    );
    expect(() => decideDossierCommand(command, absent)).toThrow(NotFoundError);
  });

  it('the pièces’: validates a deposited pièce of a submitted dossier', () => {
    expect(
      decidePieceCommand(
        {
          type: 'ValidatePiece',
          data: { candidatureId, pieceId: piece.id, pieces: [piece], facts },
        },
        submitted,
      ),
    ).toEqual([
      {
        type: 'PieceValidated',
        data: { candidatureId, pieceId: piece.id, piecesDemandees: [piece] },
      },
    ]);
  });

  it('the payments’: records a payment, refuses one without a fee', () => {
    const payment = {
      candidatureId,
      paiementId: 'pay-1',
      montant: 5000,
      date: '2027-01-10',
      reference: 'REC-1',
    };
    const frais = { montant: 10_000, paiementAvantValidation: false };
    expect(
      decidePaymentCommand({ type: 'RecordPayment', data: { ...payment, frais } }, submitted),
    ).toEqual([{ type: 'PaymentRecorded', data: { ...payment, montantDu: 10_000 } }]);
    expect(() =>
      decidePaymentCommand({ type: 'RecordPayment', data: { ...payment, frais: null } }, submitted),
    ).toThrow(ConflictError);
  });

  it('the allocations’: allocates a validated dossier until the composition starts', () => {
    const command = {
      type: 'AllocateCandidature',
      data: {
        candidatureId,
        siteId: 'site-1',
        numeroCandidat: 'ELEC-00001',
        numeroTable: 3,
        facts: { compositionStarted: false },
      },
    } as const;
    expect(decideAllocationCommand(command, validated)).toEqual([
      {
        type: 'CandidatureAllocated',
        data: { candidatureId, siteId: 'site-1', numeroCandidat: 'ELEC-00001', numeroTable: 3 },
      },
    ]);
    expect(() =>
      decideAllocationCommand(
        { ...command, data: { ...command.data, facts: { compositionStarted: true } } },
        validated,
      ),
    ).toThrow(ALLOCATION_LOCKED);
  });

  it('the identity corrections’: none before the composition', () => {
    expect(() =>
      decideIdentityCorrection(
        {
          type: 'CorrectIdentity',
          data: {
            candidatureId,
            identite: { ...dossier.values, prenoms: 'Eloise' },
            justification: 'Acte de naissance',
            document: file,
            facts: { compositionStarted: false },
          },
        },
        validated,
      ),
    ).toThrow(IDENTITY_CORRECTION_TOO_EARLY);
  });

  it('the candidature’s decider answers what the family’s answers', () => {
    const created = fold(candidatureDecider, history.slice(0, 1));
    const submit = { type: 'SubmitCandidature', data: { candidatureId, facts } } as const;
    const checkPiece: Extract<CandidatureCommand, { type: 'ValidatePiece' }> = {
      type: 'ValidatePiece',
      data: { candidatureId, pieceId: piece.id, pieces: [piece], facts },
    };
    const withdraw = { type: 'WithdrawCandidature', data: { candidatureId } } as const;
    expect(decideCandidature(submit, created)).toEqual(decideDossierCommand(submit, created));
    expect(decideCandidature(checkPiece, submitted)).toEqual(
      decidePieceCommand(checkPiece, submitted),
    );
    expect(decideCandidature(withdraw, validated)).toEqual([
      { type: 'CandidatureWithdrawn', data: { candidatureId } },
    ]);
  });
});
