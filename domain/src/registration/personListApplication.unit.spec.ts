import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import {
  agentValues,
  chunksOf,
  comparableLabel,
  parsePersonListApplication,
  PERSON_LIST_NOT_VERIFIED,
  personListDocumentAfter,
  type PersonListDocument,
} from './personListApplication.js';

const recorded = (type: string, data: Record<string, unknown>, revision: number): RecordedEvent =>
  ({
    id: `e${revision}`,
    type,
    data,
    streamId: 'listes-candidats-l1',
    revision,
    position: String(revision + 10),
    metadata: {
      actor: { id: 'u1', name: 'Awa Enrôleuse' },
      at: `2026-11-24T10:0${revision}:00.000Z`,
      correlationId: 'c',
      causationId: 'c',
      schemaVersion: 1,
    },
  }) as RecordedEvent;

describe('applying a list of agents (pure parts)', () => {
  it('makes a row an agent’s dossier: names cleaned and capitalised, dates ISO', () => {
    expect(
      agentValues(
        {
          nom: ' ATANGANA ',
          prenoms: "marie-claire d'assise",
          sexe: 'F',
          nationalite: 'Camerounaise',
          lieu_naissance: 'Ebolowa',
          telephone: '699112233',
          matricule: 'MAT-000042',
          date_naissance: '05/03/1998',
          date_premiere_prise_service: '01/09/2019',
        },
        { niveauId: 'n1', langueId: null },
      ),
    ).toEqual({
      categorie: 'agent',
      apprentiId: null,
      patronId: null,
      nom: 'Atangana',
      prenoms: "Marie-Claire D'Assise",
      sexe: 'F',
      dateNaissance: '1998-03-05',
      lieuNaissance: 'Ebolowa',
      nationalite: 'Camerounaise',
      telephone: '699112233',
      matricule: 'MAT-000042',
      datePremierePriseService: '2019-09-01',
      niveauId: 'n1',
      langueId: null,
      handicapId: null,
    });
  });

  it('cuts rows in chunks and compares labels without accents or case', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 2)).toEqual([]);
    expect(comparableLabel(' Baccalauréat  technique ')).toBe(
      comparableLabel('BACCALAUREAT TECHNIQUE'),
    );
  });

  it('asks for a verified list and every choice, in French', () => {
    const attempt = (body: unknown) => {
      try {
        parsePersonListApplication(body);
        return undefined;
      } catch (error) {
        return (error as ValidationError).fields;
      }
    };
    expect(attempt({})).toEqual({
      verificationId: PERSON_LIST_NOT_VERIFIED,
      sessionId: 'Choisissez la session.',
      metierId: 'Choisissez le métier.',
      centreDepotId: 'Choisissez le centre de dépôt.',
    });
    expect(
      parsePersonListApplication({
        verificationId: 'a'.repeat(64),
        sessionId: ' s1 ',
        metierId: 'm1',
        centreDepotId: 'c1',
      }),
    ).toEqual({
      verificationId: 'a'.repeat(64),
      sessionId: 's1',
      metierId: 'm1',
      centreDepotId: 'c1',
    });
  });

  it('follows a list’s progress from its events, to the end', () => {
    let doc: PersonListDocument | null = null;
    const events = [
      recorded(
        'ListeCandidatsAcceptee',
        {
          listeId: 'l1',
          sessionId: 's1',
          metierId: 'm1',
          centreDepotId: 'c1',
          verificationId: 'f'.repeat(64),
          format: 'csv',
          lignes: 300,
          tranches: 2,
        },
        0,
      ),
      recorded(
        'ListeCandidatsTrancheAppliquee',
        {
          listeId: 'l1',
          tranche: 0,
          lignes: 250,
          creees: 249,
          soumises: 248,
          brouillons: [{ ligne: 40, motif: 'quota' }],
          ignorees: [{ ligne: 7, motif: 'déjà inscrite' }],
        },
        1,
      ),
    ];
    for (const event of events) doc = personListDocumentAfter(doc, event);
    expect(doc).toMatchObject({
      id: 'l1',
      statut: 'en-cours',
      traitees: 250,
      creees: 249,
      soumises: 248,
      brouillons: 1,
      ignorees: 1,
      progression: 83,
      creePar: 'Awa Enrôleuse',
      anomalies: [
        { ligne: 7, motif: 'déjà inscrite' },
        { ligne: 40, motif: 'quota' },
      ],
    });
    doc = personListDocumentAfter(
      doc,
      recorded(
        'ListeCandidatsTrancheAppliquee',
        {
          listeId: 'l1',
          tranche: 1,
          lignes: 50,
          creees: 50,
          soumises: 50,
          brouillons: [],
          ignorees: [],
        },
        2,
      ),
    );
    expect(doc).toMatchObject({ traitees: 300, progression: 99, statut: 'en-cours' });
    doc = personListDocumentAfter(doc, recorded('ListeCandidatsAppliquee', { listeId: 'l1' }, 3));
    expect(doc).toMatchObject({
      statut: 'terminee',
      progression: 100,
      termineeLe: '2026-11-24T10:03:00.000Z',
      version: 3,
    });
    // Nothing before its acceptance.
    expect(personListDocumentAfter(null, events[1]!)).toBeNull();
  });
});
