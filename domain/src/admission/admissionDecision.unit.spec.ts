import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import {
  admissionDecisionDecider,
  candidateChanges,
  parseSignatureApplication,
  sameCandidates,
  SIGNED_DECISION,
  visaLine,
  type AdmissionDecisionEvent,
  type DecisionCandidate,
  type DecisionContent,
} from './admissionDecision.js';
import {
  ministerSignatureDecider,
  NOT_AN_IMAGE_MESSAGE,
  type SignatureVersion,
} from './ministerSignature.js';

const spec = DeciderSpecification.for(admissionDecisionDecider);

const candidate = (n: number, more: Partial<DecisionCandidate> = {}): DecisionCandidate => ({
  candidatureId: `c-${n}`,
  numeroCandidat: `ELEC-0000${n}`,
  nom: ['Mballa', 'Ngono', 'Étoundi'][n % 3]!,
  prenoms: `Prénom ${n}`,
  sexe: 'F',
  dateNaissance: '1990-03-01',
  lieuNaissance: 'Bafoussam',
  metierId: 'm-1',
  metier: 'Électricité',
  juryId: 'j-1',
  ...more,
});

const prepared: AdmissionDecisionEvent = {
  type: 'AdmissionDecisionPrepared',
  data: {
    decisionId: 's.d.1',
    sessionId: 's',
    departementId: 'd',
    numero: 1,
    remplace: null,
    candidats: [candidate(2), candidate(1)],
    jurys: [{ id: 'j-1', libelle: 'Jury national' }],
  },
};

const signature: SignatureVersion = {
  numero: 2,
  fichier: `image-${'a'.repeat(64)}.png`,
  sha256: 'a'.repeat(64),
  taille: 120,
  type: 'image/png',
  deposeLe: '2027-07-20T09:00:00.000Z',
  deposePar: 'Awa Bello',
};

const contenu: DecisionContent = {
  reference: '0012/MINEFOP/CAB',
  examen: { code: 'CQP', libelle: 'CQP' },
  session: { libelle: 'CQP 2027', annee: 2027 },
  departement: { libelle: 'Mfoundi', zone: 'Centre' },
  arrete: { numeroArrete: '0042/MINEFOP', dateArrete: '2027-07-10' },
  visas: ['la Constitution'],
  ampliations: ['Intéressés'],
};

const sign = (more: Record<string, unknown> = {}) => ({
  type: 'SignDecision' as const,
  data: {
    candidatsActuels: [candidate(1), candidate(2)],
    contenu,
    signature,
    referencesSignees: [],
    documentId: 'decision-s.d.1',
    ...more,
  },
});

const signed: AdmissionDecisionEvent = {
  type: 'AdmissionDecisionSigned',
  data: {
    decisionId: 's.d.1',
    sessionId: 's',
    departementId: 'd',
    numero: 1,
    contenu,
    signature,
    // As the draft lists them (name order).
    candidats: [candidate(2), candidate(1)],
    documentId: 'decision-s.d.1',
  },
};

describe('Admission decision', () => {
  it('is prepared with its candidates in name order, never without an admitted candidate', () => {
    const events = admissionDecisionDecider.decide(
      { type: 'PrepareDecision', data: { ...prepared.data } },
      admissionDecisionDecider.initialState(),
    );
    expect(events[0]!.type).toBe('AdmissionDecisionPrepared');
    expect(
      (events[0]!.data as { candidats: DecisionCandidate[] }).candidats.map((c) => c.nom),
    ).toEqual(['Étoundi', 'Ngono']);
    spec
      .given([])
      .when({ type: 'PrepareDecision', data: { ...prepared.data, candidats: [] } })
      .thenThrows(ConflictError);
  });

  it('is refreshed while a draft, only when its candidates changed', () => {
    spec
      .given([prepared])
      .when({
        type: 'RefreshDecision',
        data: { candidats: [candidate(1), candidate(2)], jurys: [] },
      })
      .then([]);
    spec
      .given([prepared])
      .when({
        type: 'RefreshDecision',
        data: { candidats: [candidate(1), candidate(3)], jurys: [] },
      })
      .then([
        {
          type: 'AdmissionDecisionRefreshed',
          data: {
            decisionId: 's.d.1',
            candidats: [candidate(3), candidate(1)],
            jurys: [],
            ajoutes: 1,
            retires: 1,
            modifies: 0,
          },
        },
      ]);
  });

  it('is signed with what it prints frozen, then refuses every change', () => {
    spec.given([prepared]).when(sign()).then([signed]);
    for (const command of [
      sign(),
      { type: 'RefreshDecision' as const, data: { candidats: [candidate(9)], jurys: [] } },
    ])
      spec
        .given([prepared, signed])
        .when(command)
        .thenThrows(ConflictError, (error) => expect(error.message).toBe(SIGNED_DECISION));
    spec
      .given([prepared, signed])
      .when({ type: 'PrepareDecision', data: prepared.data })
      .thenThrows(ConflictError);
  });

  it('is signed only with a deposited signature, its number, the exam reference and its candidates of now', () => {
    const refused = (more: Record<string, unknown>, message: RegExp) =>
      spec
        .given([prepared])
        .when(sign(more))
        .thenThrows(ConflictError, (error) => expect(error.message).toMatch(message));
    refused({ signature: null }, /Aucune signature du ministre/);
    refused(
      { signatureVue: 1 },
      /La signature du ministre a changé : la version 2, déposée le 20\/07\/2027/,
    );
    refused({ contenu: { ...contenu, reference: '' } }, /pas de numéro de décision/);
    refused({ referencesSignees: ['0012/MINEFOP/CAB'] }, /déjà signée de ce département/);
    refused({ contenu: { ...contenu, arrete: null } }, /référence d’examen/);
    refused(
      { candidatsActuels: [candidate(1), candidate(2, { nom: 'Ngono-Essomba' })] },
      /ont changé depuis la préparation/,
    );
    spec.given([]).when(sign()).thenThrows(NotFoundError);
  });

  it('records its signed PDF once', () => {
    const sealed: AdmissionDecisionEvent = {
      type: 'AdmissionDecisionSealed',
      data: {
        decisionId: 's.d.1',
        documentId: 'decision-s.d.1',
        sha256: 'b'.repeat(64),
        taille: 10,
        pages: 1,
      },
    };
    spec.given([prepared, signed]).when({ type: 'SealDecision', data: sealed.data }).then([sealed]);
    spec
      .given([prepared, signed, sealed])
      .when({ type: 'SealDecision', data: sealed.data })
      .then([]);
    spec
      .given([prepared])
      .when({ type: 'SealDecision', data: sealed.data })
      .thenThrows(ConflictError);
  });

  it('compares lists by identity, prints visas with one « Vu », asks for a confirmation', () => {
    expect(sameCandidates([candidate(1), candidate(2)], [candidate(2), candidate(1)])).toBe(true);
    expect(sameCandidates([candidate(1)], [candidate(1, { metier: 'Électricité bâtiment' })])).toBe(
      true,
    );
    expect(sameCandidates([candidate(1)], [candidate(1, { dateNaissance: '1991-03-01' })])).toBe(
      false,
    );
    expect(
      candidateChanges([candidate(1), candidate(2)], [candidate(2, { prenoms: 'X' })]),
    ).toEqual({
      ajoutes: 0,
      retires: 1,
      modifies: 1,
    });
    expect(visaLine('la loi n° 2018/010 du 11 juillet 2018 ;')).toBe(
      'Vu la loi n° 2018/010 du 11 juillet 2018 ;',
    );
    expect(visaLine('Vu le décret n° 2011/408')).toBe('Vu le décret n° 2011/408 ;');
    expect(() => parseSignatureApplication({})).toThrow(ValidationError);
    expect(parseSignatureApplication({ confirmation: true, signatureVersion: 3 })).toEqual({
      signatureVue: 3,
    });
  });
});

describe('Minister’s signature', () => {
  const deposit = (sha: string) => ({
    type: 'DepositMinisterSignature' as const,
    data: {
      fichier: `image-${sha}.png`,
      sha256: sha,
      taille: 100,
      type: 'image/png' as const,
      nomFichier: 'signature.png',
    },
  });
  it('makes each new image a new version; the current image again changes nothing', () => {
    const first = ministerSignatureDecider.decide(
      deposit('a'.repeat(64)),
      ministerSignatureDecider.initialState(),
    );
    expect(first).toEqual([
      { type: 'MinisterSignatureDeposited', data: { ...deposit('a'.repeat(64)).data, numero: 1 } },
    ]);
    const state = first.reduce(
      ministerSignatureDecider.evolve,
      ministerSignatureDecider.initialState(),
    );
    expect(ministerSignatureDecider.decide(deposit('a'.repeat(64)), state)).toEqual([]);
    expect(ministerSignatureDecider.decide(deposit('b'.repeat(64)), state)[0]!.data.numero).toBe(2);
    expect(() =>
      ministerSignatureDecider.decide(
        { ...deposit('c'.repeat(64)), data: { ...deposit('c'.repeat(64)).data, fichier: 'x.pdf' } },
        state,
      ),
    ).toThrow(NOT_AN_IMAGE_MESSAGE);
  });
});
