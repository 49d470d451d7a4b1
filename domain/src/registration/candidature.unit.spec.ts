import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import {
  candidatureDecider,
  DEADLINE_PASSED,
  dossierNumber,
  MATRICULE_REQUIRED,
  MATRICULE_TOO_SHORT,
  nearSamePerson,
  personKey,
  REGISTRATION_CLOSED,
  VALIDATED_LOCKED,
  type CandidatureEvent,
  type RegistrationFacts,
} from './candidature.js';
import { parseCandidature, parseRejection } from './contracts.js';
import { NAME_ABBREVIATED } from './identity.js';

const spec = DeciderSpecification.for(candidatureDecider);
const open: RegistrationFacts = {
  registrationOpen: true,
  deadlinePassed: false,
  modifiableAfterValidation: false,
  compositionStarted: false,
};
const closed: RegistrationFacts = { ...open, registrationOpen: false };
const candidatureId = 'c-1';
const dossier = {
  sessionId: 's-1',
  metierId: 'm-1',
  centreDepotId: 'cd-1',
  values: { categorie: 'libre', nom: 'Ngono', prenoms: 'Éloïse' },
};
const created: CandidatureEvent = {
  type: 'CandidatureCreated',
  data: { candidatureId, numeroDossier: 'CQP27-000001', ...dossier },
};
const submitted: CandidatureEvent = { type: 'CandidatureSubmitted', data: { candidatureId } };
const validated: CandidatureEvent = { type: 'CandidatureValidated', data: { candidatureId } };
const rejected: CandidatureEvent = {
  type: 'CandidatureRejected',
  data: { candidatureId, motifId: 'motif-1', commentaire: 'Acte illisible' },
};
const withdrawn: CandidatureEvent = { type: 'CandidatureWithdrawn', data: { candidatureId } };
const modify = (facts: RegistrationFacts, values = { ...dossier.values, prenoms: 'Marie' }) =>
  ({
    type: 'ModifyCandidature',
    data: { candidatureId, ...dossier, values, facts },
  }) as const;

const conflict = (message: string) => (e: Error) => {
  expect(e).toBeInstanceOf(ConflictError);
  expect(e.message).toBe(message);
};

describe('Candidature life cycle', () => {
  it('is created as a brouillon with its dossier number, only while registration is open', () => {
    const command = {
      type: 'CreateCandidature',
      data: { candidatureId, numeroDossier: 'CQP27-000001', ...dossier, facts: open },
    } as const;
    spec.given([]).when(command).then([created]);
    spec
      .given([])
      .when({ ...command, data: { ...command.data, facts: closed } })
      .thenThrows(ConflictError, conflict(REGISTRATION_CLOSED));
    spec.given([created]).when(command).thenThrows(ConflictError);
  });

  it('goes brouillon → soumis → validé, or soumis → rejeté with its motif', () => {
    spec
      .given([created])
      .when({ type: 'SubmitCandidature', data: { candidatureId, facts: open } })
      .then([submitted]);
    spec
      .given([created])
      .when({ type: 'SubmitCandidature', data: { candidatureId, facts: closed } })
      .thenThrows(ConflictError, conflict(REGISTRATION_CLOSED));
    spec
      .given([created, submitted])
      .when({ type: 'ValidateCandidature', data: { candidatureId, facts: open } })
      .then([validated]);
    spec
      .given([created, submitted])
      .when({
        type: 'RejectCandidature',
        data: { candidatureId, motifId: 'motif-1', commentaire: 'Acte illisible', facts: open },
      })
      .then([rejected]);
    // A brouillon is neither validated nor rejected; a validated dossier is not validated again.
    spec
      .given([created])
      .when({ type: 'ValidateCandidature', data: { candidatureId, facts: open } })
      .thenThrows(
        ConflictError,
        conflict('Ce dossier est à l’état « Brouillon » : il ne peut pas être validé.'),
      );
    spec
      .given([created, submitted, validated])
      .when({ type: 'ValidateCandidature', data: { candidatureId, facts: open } })
      .thenThrows(ConflictError);
    // Not once the composition has started.
    spec
      .given([created, submitted])
      .when({
        type: 'ValidateCandidature',
        data: { candidatureId, facts: { ...open, compositionStarted: true } },
      })
      .thenThrows(ConflictError);
  });

  it('records a withdrawal until the dossier is closed; deletes a brouillon only', () => {
    for (const history of [[created], [created, submitted], [created, submitted, validated]])
      spec
        .given(history)
        .when({ type: 'WithdrawCandidature', data: { candidatureId } })
        .then([withdrawn]);
    spec
      .given([created, submitted, rejected])
      .when({ type: 'WithdrawCandidature', data: { candidatureId } })
      .thenThrows(ConflictError);
    spec
      .given([created])
      .when({ type: 'DeleteCandidature', data: { candidatureId } })
      .then([
        {
          type: 'CandidatureDeleted',
          data: { candidatureId, numeroDossier: 'CQP27-000001' },
        },
      ]);
    spec
      .given([created, submitted])
      .when({ type: 'DeleteCandidature', data: { candidatureId } })
      .thenThrows(ConflictError);
    spec
      .given([])
      .when({ type: 'WithdrawCandidature', data: { candidatureId } })
      .thenThrows(NotFoundError);
  });

  it('is modified until the deadline; a validated one only if the paramètres allow it', () => {
    spec
      .given([created, submitted])
      .when(modify(open))
      .then([
        {
          type: 'CandidatureModified',
          data: {
            candidatureId,
            ...dossier,
            values: { ...dossier.values, prenoms: 'Marie' },
          },
        },
      ]);
    spec.given([created]).when(modify(open, dossier.values)).then([]);
    spec
      .given([created])
      .when(modify({ ...open, deadlinePassed: true }))
      .thenThrows(ConflictError, conflict(DEADLINE_PASSED));
    spec
      .given([created, submitted, validated])
      .when(modify(open))
      .thenThrows(ConflictError, conflict(VALIDATED_LOCKED));
    spec
      .given([created, submitted, validated])
      .when(modify({ ...open, modifiableAfterValidation: true }))
      .then([
        {
          type: 'CandidatureModified',
          data: { candidatureId, ...dossier, values: { ...dossier.values, prenoms: 'Marie' } },
        },
      ]);
    spec.given([created, submitted, rejected]).when(modify(open)).thenThrows(ConflictError);
  });
});

describe('Candidature form', () => {
  const body = {
    sessionId: 's-1',
    metierId: 'm-1',
    centreDepotId: 'cd-1',
    categorie: 'agent',
    apprentiId: 'a-1',
    patronId: 'p-1',
    nom: 'ATANGANA',
    prenoms: 'paul-éric',
    sexe: 'M',
    dateNaissance: '1990-05-12',
    lieuNaissance: 'Douala',
    nationalite: 'Camerounaise',
    telephone: '677 00 11 22',
    matricule: 'MAT-12345',
    datePremierePriseService: '2015-01-02',
    niveauId: 'n-1',
    langueId: null,
    handicapId: null,
  };
  /** The instant of the command (its context's `now`): the date of birth is judged against it. */
  const at = { now: '2026-05-04T09:00:00.000Z' };
  const fails = (input: Record<string, unknown>, context = at): ValidationError => {
    try {
      parseCandidature(input, context);
    } catch (error) {
      if (error instanceof ValidationError) return error;
      throw error;
    }
    throw new Error('accepté');
  };

  it('keeps what the category uses, names cleaned and capitalised', () => {
    const parsed = parseCandidature(body, at);
    expect(parsed).toMatchObject({ sessionId: 's-1', metierId: 'm-1', centreDepotId: 'cd-1' });
    expect(parsed.values).toMatchObject({
      nom: 'Atangana',
      prenoms: 'Paul-Éric',
      telephone: '677001122',
      matricule: 'MAT-12345',
      apprentiId: null,
      patronId: null,
    });
    const libre = parseCandidature({ ...body, categorie: 'libre' }, at);
    expect(libre.values).toMatchObject({ matricule: '', datePremierePriseService: null });
  });

  it('judges the date of birth against the command’s instant, never the machine’s clock', () => {
    const past = { now: '2001-03-10T23:30:00.000Z' };
    expect(parseCandidature({ ...body, dateNaissance: '2001-03-09' }, past).values).toMatchObject({
      dateNaissance: '2001-03-09',
    });
    // Past for the machine, but not before the command's day (its UTC day, as before).
    expect(fails({ ...body, dateNaissance: '2001-03-10' }, past).fields).toEqual({
      dateNaissance: 'La date de naissance doit être passée.',
    });
    // Future for the machine, past for a command of 2999.
    const future = { now: '2999-01-01T00:00:00.000Z' };
    expect(parseCandidature({ ...body, dateNaissance: '2998-12-31' }, future).values).toMatchObject(
      { dateNaissance: '2998-12-31' },
    );
  });

  it('asks each category for what it needs, with the seed’s messages', () => {
    expect(fails({ ...body, matricule: '' }).fields).toEqual({ matricule: MATRICULE_REQUIRED });
    expect(fails({ ...body, matricule: 'MAT-1' }).fields).toEqual({
      matricule: MATRICULE_TOO_SHORT,
    });
    expect(fails({ ...body, categorie: 'apprenti', apprentiId: null }).message).toBe(
      'Choisissez l’apprenti inscrit.',
    );
    expect(fails({ ...body, categorie: 'patron', patronId: null }).message).toBe(
      'Choisissez le patron inscrit.',
    );
    expect(fails({ ...body, prenoms: 'P. Éric' }).message).toBe(NAME_ABBREVIATED);
    expect(fails({ ...body, categorie: 'inconnue' }).fields).toHaveProperty('categorie');
    expect(fails({ ...body, extra: 1 }).message).toBe('Champ inconnu : extra.');
  });

  it('rejects with a motif and an optional comment', () => {
    expect(parseRejection({ motifId: ' m-1 ', commentaire: ' Illisible ' })).toEqual({
      motifId: 'm-1',
      commentaire: 'Illisible',
    });
    expect(() => parseRejection({})).toThrow('Choisissez le motif du rejet.');
  });

  it('knows a person by names and birth date, whatever the accents, case and spacing', () => {
    expect(personKey({ nom: 'Ngono', prenoms: 'Éloïse Marie', dateNaissance: '2004-03-05' })).toBe(
      personKey({ nom: 'NGONO', prenoms: 'eloise-marie', dateNaissance: '2004-03-05' }),
    );
    expect(personKey({ nom: 'Ngono', prenoms: 'Éloïse', dateNaissance: '2004-03-05' })).not.toBe(
      personKey({ nom: 'Ngono', prenoms: 'Éloïse', dateNaissance: '2004-03-06' }),
    );
    expect(dossierNumber('CQP27', 42)).toBe('CQP27-000042');
  });

  it('sees a near match: one birth date, names within two letters, not the same names', () => {
    const jean = { nom: 'Mbarga', prenoms: 'Jean', dateNaissance: '1996-06-06' };
    expect(nearSamePerson(jean, { ...jean, prenoms: 'Jeanne' })).toBe(true);
    expect(nearSamePerson(jean, { ...jean, nom: 'MBARGHA', prenoms: 'jéan' })).toBe(true);
    expect(nearSamePerson(jean, { ...jean, prenoms: 'Jeannette' })).toBe(false);
    expect(nearSamePerson(jean, { ...jean, dateNaissance: '1996-06-07' })).toBe(false);
    // The same person is a duplicate, refused elsewhere: not a near match.
    expect(nearSamePerson(jean, { ...jean, nom: 'MBARGA', prenoms: 'JEAN' })).toBe(false);
  });
});

describe('Pièces justificatives and payments', () => {
  const acte = { id: 'p-acte', libelle: 'Acte de naissance', obligatoire: true };
  const photo = { id: 'p-photo', libelle: 'Photo d’identité', obligatoire: true };
  const stage = { id: 'p-stage', libelle: 'Attestation de stage', obligatoire: false };
  const pieces = [acte, photo, stage];
  const file = {
    fichier: 'piece-abc.pdf',
    nomFichier: 'acte.pdf',
    type: 'application/pdf',
    taille: 12,
  };
  const deposit = (pieceId: string, facts = open, f = file) =>
    ({ type: 'DepositPiece', data: { candidatureId, pieceId, file: f, pieces, facts } }) as const;
  const deposited = (pieceId: string, f = file): CandidatureEvent => ({
    type: 'PieceDeposited',
    data: { candidatureId, pieceId, piecesDemandees: pieces, ...f },
  });
  const pieceValidated = (pieceId: string): CandidatureEvent => ({
    type: 'PieceValidated',
    data: { candidatureId, pieceId, piecesDemandees: pieces },
  });
  const validate = (frais: { montant: number; paiementAvantValidation: boolean } | null = null) =>
    ({ type: 'ValidateCandidature', data: { candidatureId, facts: open, pieces, frais } }) as const;
  const pay = (montant: number, reference = 'REC-1', paiementId = 'pay-1') =>
    ({
      type: 'RecordPayment',
      data: {
        candidatureId,
        paiementId,
        montant,
        date: '2026-11-20',
        reference,
        frais: { montant: 15000, paiementAvantValidation: true },
      },
    }) as const;

  it('deposits a pièce the examen asks for while the dossier may change; the same file twice records nothing', () => {
    spec
      .given([created])
      .when(deposit(acte.id))
      .then([deposited(acte.id)]);
    spec
      .given([created, deposited(acte.id)])
      .when(deposit(acte.id))
      .then([]);
    spec
      .given([created])
      .when(deposit('p-other'))
      .thenThrows(ValidationError, (e) =>
        expect(e.message).toBe('Cette pièce n’est pas demandée pour cet examen.'),
      );
    spec
      .given([created])
      .when(deposit(acte.id, { ...open, deadlinePassed: true }))
      .thenThrows(ConflictError, conflict(DEADLINE_PASSED));
    spec.given([created, submitted, validated]).when(deposit(acte.id)).thenThrows(ConflictError);
  });

  it('checks a deposited pièce of a submitted dossier: validated, or rejected with its motif', () => {
    const given = [created, deposited(photo.id), submitted];
    spec
      .given(given)
      .when({
        type: 'RejectPiece',
        data: {
          candidatureId,
          pieceId: photo.id,
          motifId: 'm',
          commentaire: 'floue',
          pieces,
          facts: open,
        },
      })
      .then([
        {
          type: 'PieceRejected',
          data: {
            candidatureId,
            pieceId: photo.id,
            piecesDemandees: pieces,
            motifId: 'm',
            commentaire: 'floue',
          },
        },
      ]);
    spec
      .given(given)
      .when({
        type: 'ValidatePiece',
        data: { candidatureId, pieceId: photo.id, pieces, facts: open },
      })
      .then([pieceValidated(photo.id)]);
    spec
      .given([created, submitted])
      .when({
        type: 'ValidatePiece',
        data: { candidatureId, pieceId: photo.id, pieces, facts: open },
      })
      .thenThrows(
        ConflictError,
        conflict('La pièce « Photo d’identité » n’a pas encore été déposée.'),
      );
    spec
      .given([...given, pieceValidated(photo.id)])
      .when(deposit(photo.id))
      .thenThrows(ConflictError, conflict('La pièce « Photo d’identité » est déjà validée.'));
  });

  it('refuses to validate a dossier, naming every obstacle at once', () => {
    spec
      .given([created, deposited(acte.id), submitted])
      .when(validate({ montant: 15000, paiementAvantValidation: true }))
      .thenThrows(
        ConflictError,
        conflict(
          'Ce dossier ne peut pas encore être validé : pièces manquantes : « Photo d’identité » ; pièces à vérifier : « Acte de naissance » ; frais d’examen : 15\u00a0000\u00a0FCFA restent à payer.',
        ),
      );
    // A fee not required before validation, an optional pièce missing: validated.
    spec
      .given([
        created,
        deposited(acte.id),
        deposited(photo.id),
        submitted,
        pieceValidated(acte.id),
        pieceValidated(photo.id),
      ])
      .when(validate({ montant: 15000, paiementAvantValidation: false }))
      .then([validated]);
  });

  it('records a payment up to what is due, once per payment id', () => {
    const paid: CandidatureEvent = {
      type: 'PaymentRecorded',
      data: {
        candidatureId,
        paiementId: 'pay-1',
        montant: 10000,
        date: '2026-11-20',
        reference: 'REC-1',
        montantDu: 15000,
      },
    };
    spec.given([created]).when(pay(10000)).then([paid]);
    spec.given([created, paid]).when(pay(10000)).then([]);
    spec
      .given([created, paid])
      .when(pay(6000, 'REC-2', 'pay-2'))
      .thenThrows(ValidationError, (e) =>
        expect(e.message).toBe('Ce paiement dépasse le reste à payer (5\u00a0000\u00a0FCFA).'),
      );
    spec
      .given([created])
      .when({ ...pay(1000), data: { ...pay(1000).data, frais: null } })
      .thenThrows(ConflictError);
    spec.given([created, withdrawn]).when(pay(1000)).thenThrows(ConflictError);
  });
});
