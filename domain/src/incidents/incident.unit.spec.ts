import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import {
  examIncidentDecider,
  examIncidentDocumentAfter,
  parseExamIncident,
  type ExamIncidentData,
  type ExamIncidentEvent,
} from './examIncident.js';
import {
  incidentDecider,
  type RegistrationIncidentData,
  type RegistrationIncidentEvent,
} from './registrationIncident.js';
import { isIncidentOf, parseIncidentStatus } from './incident.js';

const exam: ExamIncidentData = {
  sessionId: 's-1',
  siteId: 'site-1',
  epreuveId: 'e-1',
  typeId: 't-1',
  candidatureIds: ['c-1'],
  candidats: [{ candidatureId: 'c-1', numeroCandidat: 'ELEC-00001', nom: 'Abena Claire' }],
  description: 'Téléphone en salle.',
};
const registration: RegistrationIncidentData = {
  typeId: 't-1',
  candidatureId: null,
  description: 'Panne du scanner.',
  centreDepotId: 'centre-a',
  numeroDossier: null,
  candidat: null,
};
const examRecorded: ExamIncidentEvent = {
  type: 'IncidentRecorded',
  data: { incidentId: 'i-1', ...exam },
};
const started = (centre?: string | null): ExamIncidentEvent => ({
  type: 'IncidentStatusChanged',
  data: {
    incidentId: 'i-1',
    de: 'ouvert',
    vers: 'en-cours',
    commentaire: 'Vu.',
    ...(centre === undefined ? {} : { centreDepotId: centre }),
  },
});

describe('Incidents: one life cycle, two kinds', () => {
  const examSpec = DeciderSpecification.for(examIncidentDecider);

  it('records an exam incident with what it names, once', () => {
    examSpec
      .given([])
      .when({ type: 'RecordIncident', data: examRecorded.data })
      .then([examRecorded]);
    examSpec
      .given([examRecorded])
      .when({ type: 'RecordIncident', data: examRecorded.data })
      .thenThrows(ConflictError);
  });

  it('moves on one step at a time, each with its comment; an unknown incident is not found', () => {
    examSpec
      .given([examRecorded])
      .when({
        type: 'ChangeIncidentStatus',
        data: { incidentId: 'i-1', statut: 'en-cours', commentaire: 'Vu.' },
      })
      // An exam incident belongs to no centre de dépôt: its steps state none.
      .then([started()]);
    examSpec
      .given([examRecorded])
      .when({
        type: 'ChangeIncidentStatus',
        data: { incidentId: 'i-1', statut: 'resolu', commentaire: 'Vu.' },
      })
      .thenThrows(ConflictError, (error) =>
        expect(error.message).toBe(
          'Un incident « Ouvert » ne peut pas passer à « Résolu » (étape suivante : « En cours »).',
        ),
      );
    examSpec
      .given([])
      .when({
        type: 'ChangeIncidentStatus',
        data: { incidentId: 'i-1', statut: 'en-cours', commentaire: 'Vu.' },
      })
      .thenThrows(NotFoundError, (error) =>
        expect(error.message).toBe('Cet incident d’examen est introuvable.'),
      );
  });

  it('a registration incident states its centre again at each step (its readers follow it)', () => {
    const recorded: RegistrationIncidentEvent = {
      type: 'IncidentRecorded',
      data: { incidentId: 'i-1', ...registration },
    };
    DeciderSpecification.for(incidentDecider)
      .given([recorded])
      .when({
        type: 'ChangeIncidentStatus',
        data: { incidentId: 'i-1', statut: 'en-cours', commentaire: 'Vu.' },
      })
      .then([started('centre-a') as RegistrationIncidentEvent]);
  });

  it('reads its own category’s streams only', () => {
    expect(isIncidentOf('incidents-examen', { streamId: 'incidents-examen-i-1' })).toBe(true);
    expect(isIncidentOf('incidents-examen', { streamId: 'incidents-inscription-i-1' })).toBe(false);
  });

  it('keeps in its read model what the recording named, then each step in its suivi', () => {
    const stored = (event: ExamIncidentEvent, revision: number) =>
      ({
        ...event,
        id: `e-${revision}`,
        streamId: 'incidents-examen-i-1',
        revision,
        position: String(revision),
        metadata: {
          actor: { id: 'u-1', name: 'Paul Mvondo' },
          at: `2027-06-14T10:0${revision}:00.000Z`,
          correlationId: 'c',
          causationId: 'c',
          schemaVersion: 1,
        },
      }) as unknown as RecordedEvent;
    const doc = examIncidentDocumentAfter(null, stored(examRecorded, 0));
    expect(doc).toMatchObject({
      id: 'i-1',
      version: 0,
      siteId: 'site-1',
      nombreCandidats: 1,
      candidatsTexte: 'ELEC-00001 Abena Claire',
      statut: 'ouvert',
      creePar: 'Paul Mvondo',
    });
    const after = examIncidentDocumentAfter(doc, stored(started(), 1));
    expect(after?.statut).toBe('en-cours');
    expect(after?.suivi).toEqual([
      {
        le: '2027-06-14T10:01:00.000Z',
        par: 'Paul Mvondo',
        de: 'ouvert',
        vers: 'en-cours',
        commentaire: 'Vu.',
      },
    ]);
  });

  it('parses the inputs with French messages', () => {
    expect(() => parseExamIncident({ ...exam, candidatureIds: [''] })).toThrow(
      new ValidationError('Choisissez les candidats concernés dans la liste.'),
    );
    expect(parseExamIncident({ ...exam, candidatureIds: ['c-1', ' c-1 '] }).candidatureIds).toEqual(
      ['c-1'],
    );
    expect(() => parseIncidentStatus({ statut: 'ferme', commentaire: 'x' })).toThrow(
      'Choisissez le nouveau statut : en cours, résolu ou rejeté.',
    );
  });
});
