import { describe, expect, it } from '@jest/globals';
import {
  decideStatementLine,
  foldPaymentStatement,
  frenchAmount,
  matchStatement,
  parseStatementRow,
  statementToApply,
  type PaymentStatementEvent,
  type StatementDossier,
} from './paymentStatement.js';

const dossier = (n: number, telephone: string, resteAPayer: number | null = 25000) =>
  ({
    candidatureId: `c${n}`,
    numeroDossier: `CQP27-00000${n}`,
    libelle: `Candidat ${n}`,
    telephone,
    resteAPayer,
  }) satisfies StatementDossier;
const DOSSIERS = [
  dossier(1, '677000001'),
  dossier(2, '677000002'),
  dossier(3, '+237677000002'),
  dossier(4, '677000004', 10000),
];
const row = (ligne: number, numeroDossier: string, telephone: string, montant = 25000) => ({
  ligne,
  date: '2026-11-19',
  montant,
  reference: `MM-${ligne}`,
  numeroDossier,
  telephone,
});

describe('a statement’s lines', () => {
  it('reads French amounts and days, and says in French what a line lacks', () => {
    expect(['25 000', '25\u202f000,00', '25.000 FCFA', '25000'].map(frenchAmount)).toEqual([
      25000, 25000, 25000, 25000,
    ]);
    expect(frenchAmount('25 000,50')).toBeNaN();
    expect(
      parseStatementRow({
        ligne: 2,
        values: {
          date: '9/11/2026',
          montant: '15 000',
          reference: 'mm-1',
          telephone: '677 00 00 01',
        },
      }),
    ).toEqual({
      ligne: 2,
      date: '2026-11-09',
      montant: 15000,
      reference: 'MM-1',
      numeroDossier: '',
      telephone: '677 00 00 01',
    });
    expect(
      parseStatementRow({
        ligne: 3,
        values: { date: '31/02/2026', montant: '1', reference: 'MM-2' },
      }),
    ).toEqual({
      ligne: 3,
      colonne: 'date',
      message: 'La date du paiement est obligatoire (JJ/MM/AAAA).',
    });
  });

  it('matches by exact number, else by phone and outstanding fee, else finds nothing', () => {
    const [byNumber, onePhone, twoPhones, otherAmount, nothing] = matchStatement(
      [
        row(2, 'CQP27-000001', '677000002'),
        row(3, '', '6 77 00 00 01'),
        row(4, 'CQP27-999999', '+237 677 000 002'),
        row(5, '', '677000004'),
        row(6, '', '699999999'),
      ],
      DOSSIERS,
      new Set(),
    );
    expect(byNumber).toMatchObject({
      confiance: 'certaine',
      candidatureId: 'c1',
      decision: 'acceptee',
    });
    expect(onePhone).toMatchObject({
      confiance: 'douteuse',
      decision: 'a-decider',
      candidatureId: null,
    });
    expect(onePhone!.choix.map((c) => c.candidatureId)).toEqual(['c1']);
    expect(twoPhones!.choix.map((c) => c.candidatureId)).toEqual(['c2', 'c3']);
    expect(twoPhones!.raison).toBe(
      'Aucun dossier de la session ne porte le numéro CQP27-999999. Téléphone +237 677 000 002 et montant égal au reste à payer (25\u00a0000\u00a0FCFA) : 2 dossiers possibles.',
    );
    expect(otherAmount).toMatchObject({
      confiance: 'introuvable',
      raison: 'Le téléphone 677000004 est connu, mais le montant diffère du reste à payer.',
    });
    expect(nothing).toMatchObject({ confiance: 'introuvable', decision: 'ignoree' });
  });

  it('refuses a reference already recorded or met twice', () => {
    const lines = matchStatement(
      [row(2, 'CQP27-000001', ''), { ...row(3, 'CQP27-000002', ''), reference: 'MM-2' }],
      DOSSIERS,
      new Set(['MM-2']),
    );
    expect(lines.map((l) => l.refus)).toEqual([
      'La référence MM-2 est déjà enregistrée : ce paiement a déjà été appliqué.',
      'La référence MM-2 est déjà enregistrée : ce paiement a déjà été appliqué.',
    ]);
  });
});

describe('a statement’s decisions and application', () => {
  const given = (): PaymentStatementEvent[] => [
    {
      type: 'ReleveImporte',
      data: {
        releveId: 'r1',
        sessionId: 's1',
        centreDepotId: null,
        canal: 'mobile-money',
        fichier: 'releve.csv',
        format: 'csv',
        lignes: matchStatement(
          [row(2, 'CQP27-000001', ''), row(3, '', '677000002'), row(4, '', '600000000')],
          DOSSIERS,
          new Set(),
        ),
      },
    },
  ];

  it('decides a doubtful line among its dossiers only; the application waits for every decision', () => {
    const state = foldPaymentStatement(given());
    expect(statementToApply(state).problems).toEqual([
      {
        ligne: 3,
        colonne: 'decision',
        message: 'Ligne 3 : décidez d’abord de cette correspondance douteuse.',
      },
    ]);
    expect(() => decideStatementLine(state, 3, 'c1')).toThrow(
      'Choisissez l’un des dossiers proposés pour cette ligne.',
    );
    expect(() => decideStatementLine(state, 2, null)).toThrow(
      'La ligne 2 n’est pas une correspondance douteuse.',
    );
    const decided = decideStatementLine(state, 3, 'c3');
    expect(decided).toEqual([
      { type: 'ReleveLigneDecidee', data: { releveId: 'r1', ligne: 3, candidatureId: 'c3' } },
    ]);
    const then = statementToApply(foldPaymentStatement([...given(), ...decided]));
    expect(then.problems).toEqual([]);
    expect(then.lines.map((l) => [l.ligne, l.candidatureId])).toEqual([
      [2, 'c1'],
      [3, 'c3'],
    ]);
  });

  it('is applied once', () => {
    const applied = foldPaymentStatement([
      ...given(),
      { type: 'ReleveApplique', data: { releveId: 'r1', paiements: [] } },
    ]);
    expect(() => statementToApply(applied)).toThrow('Ce relevé est déjà appliqué');
    expect(() => decideStatementLine(applied, 3, 'c2')).toThrow('Ce relevé est déjà appliqué');
  });
});
