import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConflictError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import type { RecordedEvent } from '../core/envelope.js';
import {
  attestationDecider,
  attestationPrintDecider,
  type AttestationIssued,
  type AttestationsPrinted,
} from './attestation.js';
import { attestationDocumentsAfter, type AttestationDocument } from './attestationContracts.js';
import type { FrozenResult } from '../deliberation/deliberation.js';
import {
  CROCKFORD_CHECK_SYMBOLS,
  CROCKFORD_SYMBOLS,
  crockfordCheckSymbol,
  formatVerificationCode,
  isVerificationCode,
  parseVerificationCode,
  verificationAddress,
  verificationCodeFromBytes,
} from './verificationCode.js';

/** The check symbol the long way: the 60-bit number itself, modulo 37. */
const checkByBigInt = (symbols: string): string => {
  let n = 0n;
  for (const s of symbols) n = n * 32n + BigInt(CROCKFORD_SYMBOLS.indexOf(s));
  return CROCKFORD_CHECK_SYMBOLS[Number(n % 37n)]!;
};

const codes = Array.from({ length: 300 }, () => verificationCodeFromBytes(randomBytes(8)));

describe('Verification code (Crockford base 32, mod-37 check symbol)', () => {
  it('uses Crockford’s alphabet: 32 symbols without I, L, O, U; check symbols * ~ $ = U', () => {
    expect(CROCKFORD_SYMBOLS).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ');
    expect(CROCKFORD_CHECK_SYMBOLS).toBe('0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U');
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}[0-9A-HJKMNP-TV-Z*~$=U]$/);
      expect(isVerificationCode(code)).toBe(true);
    }
  });

  it('draws 60 bits, 5 per symbol, from the bytes it is given', () => {
    expect(verificationCodeFromBytes(new Uint8Array(8))).toBe('000000000000' + '0');
    // All ones: 60 bits set, the value 2^60 - 1, whose remainder modulo 37 is 2^60 - 1 mod 37.
    const max = verificationCodeFromBytes(new Uint8Array(8).fill(255));
    expect(max.slice(0, 12)).toBe('ZZZZZZZZZZZZ');
    expect(max[12]).toBe(CROCKFORD_CHECK_SYMBOLS[Number(((1n << 60n) - 1n) % 37n)]);
    // 0x0000000000000010: only the lowest kept bit (the 4 last bits are dropped).
    expect(
      verificationCodeFromBytes(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0x10])).slice(0, 12),
    ).toBe('000000000001');
    expect(() => verificationCodeFromBytes(new Uint8Array(7))).toThrow();
  });

  it('computes the check symbol as the value modulo 37 (Crockford’s examples included)', () => {
    // Value 32 → check symbol « * »; 36 → « U »; 37 → 0.
    expect(crockfordCheckSymbol('000000000010')).toBe('*');
    expect(crockfordCheckSymbol('000000000014')).toBe('U');
    expect(crockfordCheckSymbol('000000000015')).toBe('0');
    for (const code of codes) expect(code[12]).toBe(checkByBigInt(code.slice(0, 12)));
    // Every check symbol occurs among enough codes, the four punctuation ones too.
    const many = Array.from({ length: 4000 }, () => verificationCodeFromBytes(randomBytes(8)));
    expect(new Set(many.map((c) => c[12])).size).toBe(37);
  });

  it('detects any single wrong symbol, at any place, and any two adjacent symbols swapped', () => {
    for (const code of codes.slice(0, 25)) {
      for (let i = 0; i < 13; i += 1) {
        const alphabet = i === 12 ? CROCKFORD_CHECK_SYMBOLS : CROCKFORD_SYMBOLS;
        for (const other of alphabet) {
          if (other === code[i]) continue;
          const typo = code.slice(0, i) + other + code.slice(i + 1);
          expect([typo, parseVerificationCode(typo)]).toEqual([typo, null]);
        }
      }
      for (let i = 0; i < 11; i += 1) {
        if (code[i] === code[i + 1]) continue;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(parseVerificationCode(swapped)).toBeNull();
      }
    }
  });

  it('reads a typed code forgivingly: case, hyphens, spaces, O for 0, I and L for 1', () => {
    // A code whose symbols hold 0 and 1, to type them as O, I and L.
    const symbols = '01AB01CD01EF';
    const code = symbols + crockfordCheckSymbol(symbols);
    expect(parseVerificationCode(code)).toBe(code);
    expect(parseVerificationCode(formatVerificationCode(code))).toBe(code);
    expect(parseVerificationCode(formatVerificationCode(code).toLowerCase())).toBe(code);
    const typed = `oiAB ol-cd OLef${code[12]!.toLowerCase()}`;
    expect(parseVerificationCode(typed)).toBe(code);
    expect(parseVerificationCode(` ${code.slice(0, 6)} - ${code.slice(6)} `)).toBe(code);
    // U is a check symbol only; length and alphabet are checked.
    expect(parseVerificationCode(`U${code.slice(1)}`)).toBeNull();
    expect(parseVerificationCode(code.slice(0, 12))).toBeNull();
    expect(parseVerificationCode(`${code}0`)).toBeNull();
    expect(parseVerificationCode('01AB01CD01E#0')).toBeNull();
    expect(parseVerificationCode(undefined)).toBeNull();
    expect(isVerificationCode(code.toLowerCase())).toBe(false);
  });

  it('prints in groups and puts the canonical code in the public address', () => {
    expect(formatVerificationCode('7K3M9QX2B4TZ*')).toBe('7K3M-9QX2-B4TZ-*');
    expect(verificationAddress('https://examens.example.org/', '7K3M9QX2B4TZ*')).toBe(
      'https://examens.example.org/diplomes?code=7K3M9QX2B4TZ*',
    );
    // `$` and `=` are percent-encoded; the address reads back to the code.
    const address = verificationAddress('https://x.org', '7K3M9QX2B4TZ$');
    expect(address).toBe('https://x.org/diplomes?code=7K3M9QX2B4TZ%24');
    expect(new URL(address).searchParams.get('code')).toBe('7K3M9QX2B4TZ$');
  });
});

const issued = (code: string): AttestationIssued => ({
  type: 'AttestationIssued',
  data: {
    candidatureId: 'c-1',
    sessionId: 's-1',
    juryId: 'j-1',
    numeroCandidat: 'ELEC-00001',
    code,
    adresse: verificationAddress('https://x.org', code),
    documentId: 'd-1',
  },
});

describe('Attestation of a candidate', () => {
  const spec = DeciderSpecification.for(attestationDecider);
  const [first, second] = codes;

  it('issues the code of an admitted candidate once; a later request changes nothing', () => {
    const { data } = issued(first!);
    spec
      .given([])
      .when({ type: 'IssueAttestation', data: { ...data, admis: true } })
      .then([issued(first!)]);
    spec
      .given([issued(first!)])
      .when({ type: 'IssueAttestation', data: { ...issued(second!).data, admis: true } })
      .then([]);
  });

  it('refuses a candidate who is not admitted', () => {
    spec
      .given([])
      .when({ type: 'IssueAttestation', data: { ...issued(first!).data, admis: false } })
      .thenThrows(ConflictError, (e) => expect(e.message).toMatch(/n’est pas admis/));
  });
});

describe('Print record of a document', () => {
  const spec = DeciderSpecification.for(attestationPrintDecider);
  const part = (partie: number, candidatureIds = ['c-1']): AttestationsPrinted => ({
    type: 'AttestationsPrinted',
    data: { documentId: 'd-1', sessionId: 's-1', kind: 'attestations', partie, candidatureIds },
  });
  it('records each part once', () => {
    spec
      .given([])
      .when({ type: 'RecordPrint', data: part(0).data })
      .then([part(0)]);
    spec
      .given([part(0)])
      .when({ type: 'RecordPrint', data: part(0).data })
      .then([]);
    spec
      .given([part(0)])
      .when({ type: 'RecordPrint', data: part(1).data })
      .then([part(1)]);
    spec
      .given([])
      .when({ type: 'RecordPrint', data: part(0, []).data })
      .then([]);
  });
});

const recorded = (
  type: string,
  data: unknown,
  revision: number,
  actor = 'Awa Bello',
): RecordedEvent => ({
  id: `e-${type}-${revision}`,
  type,
  data,
  streamId: 'x',
  revision,
  position: String(revision),
  metadata: {
    actor: { id: 'u-1', name: actor },
    at: `2027-07-0${revision + 1}T10:00:00.000Z`,
    correlationId: 'c',
    causationId: 'c',
    schemaVersion: 1,
  },
});

const result = (candidatureId: string, resultat: 'admis' | 'ajourne', nom: string) =>
  ({
    candidatureId,
    numeroDossier: `CQP27-${candidatureId}`,
    numeroCandidat: `ELEC-${candidatureId}`,
    nom,
    prenoms: 'Alain',
    sexe: 'M',
    dateNaissance: '1990-01-02',
    lieuNaissance: 'Douala',
    categorie: 'libre',
    handicapId: null,
    metierId: 'm-1',
    centreDepotId: 'cd-1',
    siteId: 'site-1',
    centreExamenId: 'ce-1',
    departementId: 'dep-1',
    zoneId: 'z-1',
    notes: [],
    moyenne: resultat === 'admis' ? 12.5 : 8,
    calcule: resultat,
    resultat,
    derogation: null,
    rang: resultat === 'admis' ? 1 : 2,
  }) as FrozenResult;

describe('Attestations read model', () => {
  /** Applies events one after the other to an in-memory store, as the projection does. */
  const run = (events: RecordedEvent[], twice = false) => {
    const store = new Map<string, AttestationDocument>();
    for (const event of events)
      for (let i = 0; i < (twice ? 2 : 1); i += 1)
        for (const doc of attestationDocumentsAfter(event, (id) => store.get(id) ?? null))
          store.set(doc.id, doc);
    return store;
  };
  const keys = { sessionId: 's-1', juryId: 'j-1', numeroArrete: 'A-1', dateArrete: '2027-07-01' };
  const events = [
    recorded(
      'DeliberationResultsFrozen',
      {
        ...keys,
        resultats: [result('c-1', 'admis', 'Mballa'), result('c-2', 'ajourne', 'Ngono')],
      },
      0,
    ),
    recorded('AttestationIssued', issued(codes[0]!).data, 0, 'Agent Diplômes'),
    recorded(
      'AttestationsPrinted',
      {
        documentId: 'd-1',
        sessionId: 's-1',
        kind: 'attestations',
        partie: 0,
        candidatureIds: ['c-1'],
      },
      0,
      'Générateur',
    ),
    recorded(
      'AttestationsPrinted',
      { documentId: 'd-2', sessionId: 's-1', kind: 'diplomes', partie: 0, candidatureIds: ['c-1'] },
      0,
    ),
  ];

  it('holds every deliberated candidate, admitted or not, then the code and the prints', () => {
    const store = run(events);
    expect(store.get('c-2')).toMatchObject({ admis: false, code: null, generee: false });
    expect(store.get('c-1')).toMatchObject({
      admis: true,
      nom: 'Mballa',
      moyenne: 12.5,
      numeroArrete: 'A-1',
      departementId: 'dep-1',
      zoneId: 'z-1',
      code: codes[0],
      emisePar: 'Agent Diplômes',
      generee: true,
      attestations: ['d-1'],
      diplomes: ['d-2'],
      tirages: 1,
      tiragesDiplome: 1,
    });
  });

  it('changes nothing when every event is delivered twice', () => {
    expect([...run(events, true).values()]).toEqual([...run(events).values()]);
  });

  it('keeps the code through a re-deliberation, which may make the candidate not admitted', () => {
    const redeliberated = recorded(
      'CandidateRedeliberated',
      {
        ...keys,
        candidatureId: 'c-1',
        motif: 'Erreur de report',
        avant: result('c-1', 'admis', 'Mballa'),
        apres: { ...result('c-1', 'ajourne', 'Mballa'), rang: 2 },
        rangs: [{ candidatureId: 'c-2', rang: 1 }],
      },
      1,
    );
    const store = run([...events, redeliberated]);
    expect(store.get('c-1')).toMatchObject({ admis: false, code: codes[0], rang: 2, tirages: 1 });
    expect(store.get('c-2')).toMatchObject({ rang: 1 });
  });
});
