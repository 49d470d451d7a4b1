import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import {
  parseSession,
  SESSION_STATUSES,
  sessionDecider,
  type SessionCommand,
  type SessionEvent,
  type SessionStatus,
} from './session.js';

const spec = DeciderSpecification.for(sessionDecider);
const sessionId = 'session-2027';
const details = {
  examenId: 'examen-cqp',
  annee: 2027,
  libelle: 'CQP 2027',
  ouvertureInscriptions: '2027-01-04',
  clotureInscriptions: '2027-02-26',
  debutComposition: '2027-06-07',
  finComposition: '2027-06-11',
};
const created: SessionEvent = { type: 'SessionCreated', data: { sessionId, ...details } };

const advanced = (from: SessionStatus, to: SessionStatus): SessionEvent => ({
  type: 'SessionAdvanced',
  data: { sessionId, examenId: details.examenId, from, to },
});
const advance = (to: SessionStatus): SessionCommand => ({
  type: 'AdvanceSession',
  data: { sessionId, to },
});
const modify = (changes: Partial<typeof details>): SessionCommand => ({
  type: 'ModifySession',
  data: { sessionId, ...details, ...changes },
});

/** The events of a session created then moved step by step up to `status`. */
const historyUpTo = (status: SessionStatus): SessionEvent[] => {
  const steps = SESSION_STATUSES.slice(0, SESSION_STATUSES.indexOf(status) + 1);
  return [created, ...steps.slice(1).map((to, i) => advanced(steps[i]!, to))];
};

/** Given a session at step `at`, moving it to `to` is refused with `message`. */
const refusedStep = (at: SessionStatus, to: SessionStatus, message: string) =>
  spec
    .given(historyUpTo(at))
    .when(advance(to))
    .thenThrows(ConflictError, (e) => expect(e.message).toBe(message));

describe('Session life cycle', () => {
  it('is created in préparation with its examen, year, libellé and dates', () => {
    spec
      .given([])
      .when({ type: 'CreateSession', data: { sessionId, ...details } })
      .then([created]);
    spec
      .given([created])
      .when(advance('inscriptions-ouvertes'))
      .then([advanced('preparation', 'inscriptions-ouvertes')]);
  });

  it('cannot be created twice under one id', () => {
    spec
      .given(historyUpTo('composition'))
      .when({ type: 'CreateSession', data: { sessionId, ...details } })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Cette session existe déjà.'));
  });

  it('goes through its six steps in order: préparation, inscriptions ouvertes, inscriptions closes, composition, délibération, clôturée', () => {
    expect(SESSION_STATUSES).toEqual([
      'preparation',
      'inscriptions-ouvertes',
      'inscriptions-closes',
      'composition',
      'deliberation',
      'cloturee',
    ]);
    for (const [i, from] of SESSION_STATUSES.slice(0, -1).entries()) {
      const to = SESSION_STATUSES[i + 1]!;
      spec
        .given(historyUpTo(from))
        .when(advance(to))
        .then([advanced(from, to)]);
    }
  });

  it('moves only to the step the user confirmed, so that a repeated click skips nothing', () => {
    refusedStep(
      'inscriptions-ouvertes',
      'inscriptions-ouvertes',
      'Cette session est à l’étape « Inscriptions ouvertes » : l’étape suivante est « Inscriptions closes ». Rechargez la page.',
    );
  });

  it('never skips a step', () => {
    refusedStep(
      'preparation',
      'inscriptions-closes',
      'Cette session est à l’étape « Préparation » : l’étape suivante est « Inscriptions ouvertes ». Rechargez la page.',
    );
    refusedStep(
      'composition',
      'cloturee',
      'Cette session est à l’étape « Composition » : l’étape suivante est « Délibération ». Rechargez la page.',
    );
  });

  it('never goes back to an earlier step', () => {
    refusedStep(
      'deliberation',
      'composition',
      'Cette session est à l’étape « Délibération » : l’étape suivante est « Clôturée ». Rechargez la page.',
    );
  });

  it('has no step after clôturée', () => {
    for (const to of SESSION_STATUSES)
      refusedStep('cloturee', to, 'Cette session est déjà clôturée.');
  });

  it('names its current examen at each step (registration is opened once per examen)', () => {
    const moved: SessionEvent = {
      type: 'SessionModified',
      data: { sessionId, ...details, examenId: 'examen-dqp' },
    };
    spec
      .given([created, moved])
      .when(advance('inscriptions-ouvertes'))
      .then([
        {
          type: 'SessionAdvanced',
          data: {
            sessionId,
            examenId: 'examen-dqp',
            from: 'preparation',
            to: 'inscriptions-ouvertes',
          },
        },
      ]);
  });

  it('answers that an unknown session is not found', () => {
    for (const command of [advance('inscriptions-ouvertes'), modify({})])
      spec
        .given([])
        .when(command)
        .thenThrows(NotFoundError, (e) => expect(e.message).toBe('Cette session est introuvable.'));
  });
});

describe('Session modification', () => {
  it('records a modification with the whole session', () => {
    spec
      .given([created])
      .when(modify({ libelle: 'CQP session 2027', finComposition: '2027-06-12' }))
      .then([
        {
          type: 'SessionModified',
          data: {
            sessionId,
            ...details,
            libelle: 'CQP session 2027',
            finComposition: '2027-06-12',
          },
        },
      ]);
  });

  it('records nothing when a session is saved unchanged', () => {
    spec.given([created]).when(modify({})).then([]);
    spec.given(historyUpTo('composition')).when(modify({})).then([]);
    spec
      .given([created, { type: 'SessionModified', data: { sessionId, ...details, libelle: 'X' } }])
      .when(modify({ libelle: 'X' }))
      .then([]);
  });

  it('changes its examen only while in préparation', () => {
    spec
      .given([created])
      .when(modify({ examenId: 'examen-dqp' }))
      .then([{ type: 'SessionModified', data: { sessionId, ...details, examenId: 'examen-dqp' } }]);
    for (const status of SESSION_STATUSES.slice(1, -1))
      spec
        .given(historyUpTo(status))
        .when(modify({ examenId: 'examen-dqp' }))
        .thenThrows(ConflictError, (e) =>
          expect(e.message).toBe(
            'L’examen d’une session ne change plus une fois les inscriptions ouvertes.',
          ),
        );
  });

  it('keeps its other details open to change at every step until it is closed', () => {
    for (const status of SESSION_STATUSES.slice(1, -1))
      spec
        .given(historyUpTo(status))
        .when(modify({ clotureInscriptions: '2027-03-05' }))
        .then([
          {
            type: 'SessionModified',
            data: { sessionId, ...details, clotureInscriptions: '2027-03-05' },
          },
        ]);
  });

  it('is no longer modified once closed, even with nothing changed', () => {
    for (const changes of [{ libelle: 'CQP 2027 (bis)' }, {}])
      spec
        .given(historyUpTo('cloturee'))
        .when(modify(changes))
        .thenThrows(ConflictError, (e) =>
          expect(e.message).toBe('Une session clôturée ne se modifie plus.'),
        );
  });
});

/** The field errors of a session form that is refused, with its headline message. */
const refusal = (body: unknown) => {
  try {
    parseSession(body);
  } catch (error) {
    if (error instanceof ValidationError) return { message: error.message, ...error.fields };
    throw error;
  }
  throw new Error(`accepté à tort : ${JSON.stringify(body)}`);
};

describe('Session form contract', () => {
  it('trims the examen and the libellé and keeps the dates as given', () => {
    expect(
      parseSession({ ...details, examenId: ' examen-cqp ', libelle: '  CQP   2027 ' }),
    ).toEqual(details);
  });

  it('requires every field, each with its own French message', () => {
    expect(refusal(undefined)).toEqual({
      message: 'L’examen est obligatoire.',
      examenId: 'L’examen est obligatoire.',
      annee: 'L’année doit être un nombre entier entre 2000 et 2100.',
      libelle: 'Le libellé est obligatoire.',
      ouvertureInscriptions: 'L’ouverture des inscriptions est obligatoire.',
      clotureInscriptions: 'La clôture des inscriptions est obligatoire.',
      debutComposition: 'Le début de la composition est obligatoire.',
      finComposition: 'La fin de la composition est obligatoire.',
    });
    expect(refusal({ ...details, examenId: ' ', libelle: '' })).toMatchObject({
      examenId: 'L’examen est obligatoire.',
      libelle: 'Le libellé est obligatoire.',
    });
  });

  it('takes the year as a whole number from 2000 to 2100', () => {
    for (const annee of [1999, 2101, 2027.5, '2027'])
      expect(refusal({ ...details, annee })).toEqual({
        message: 'L’année doit être un nombre entier entre 2000 et 2100.',
        annee: 'L’année doit être un nombre entier entre 2000 et 2100.',
      });
    for (const annee of [2000, 2100]) expect(parseSession({ ...details, annee }).annee).toBe(annee);
  });

  it('takes real calendar days written YYYY-MM-DD', () => {
    for (const date of ['2027-02-30', '2027-13-01', '04/01/2027', '2027-1-4'])
      expect(refusal({ ...details, ouvertureInscriptions: date })).toMatchObject({
        ouvertureInscriptions: 'L’ouverture des inscriptions : date invalide (AAAA-MM-JJ attendu).',
      });
    expect(refusal({ ...details, finComposition: '11/06/2027' })).toMatchObject({
      finComposition: 'La fin de la composition : date invalide (AAAA-MM-JJ attendu).',
    });
    expect(
      parseSession({ ...details, clotureInscriptions: '2027-02-28' }).clotureInscriptions,
    ).toBe('2027-02-28');
  });

  it('closes registration strictly after it opens', () => {
    for (const clotureInscriptions of ['2027-01-04', '2027-01-03'])
      expect(refusal({ ...details, clotureInscriptions })).toEqual({
        message: 'La clôture des inscriptions doit suivre leur ouverture.',
        clotureInscriptions: 'La clôture des inscriptions doit suivre leur ouverture.',
      });
  });

  it('starts the composition strictly after registration closes', () => {
    for (const debutComposition of ['2027-02-26', '2027-02-01'])
      expect(refusal({ ...details, debutComposition })).toEqual({
        message: 'La composition doit commencer après la clôture des inscriptions.',
        debutComposition: 'La composition doit commencer après la clôture des inscriptions.',
      });
  });

  it('ends the composition on or after its first day', () => {
    expect(refusal({ ...details, finComposition: '2027-06-06' })).toEqual({
      message: 'La fin de la composition ne peut précéder son début.',
      finComposition: 'La fin de la composition ne peut précéder son début.',
    });
    expect(parseSession({ ...details, finComposition: '2027-06-07' }).finComposition).toBe(
      '2027-06-07',
    );
  });

  it('does not let the form set the step or any other unknown field', () => {
    expect(refusal({ ...details, statut: 'cloturee' })).toEqual({
      message: 'Champ inconnu : statut.',
      _: 'Champ inconnu : statut.',
    });
  });
});
