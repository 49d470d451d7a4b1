import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import { parseListItem } from './contracts.js';
import { listItemDecider, type ListItemCommand, type ListItemEvent } from './item.js';
import { REFERENCE_LISTS, referenceList, uniqueKeysOf } from './lists.js';

const spec = DeciderSpecification.for(listItemDecider);
const list = 'examens';
const itemId = 'examen-1';
const ref = { list, itemId };
const cqp = {
  ...ref,
  code: 'CQP',
  libelle: 'Certificat de qualification professionnelle',
  values: { noteDePassage: 10, noteEliminatoire: 5 },
};
const created: ListItemEvent = { type: 'ListItemCreated', data: cqp };
const deactivated: ListItemEvent = { type: 'ListItemDeactivated', data: ref };
const deleted: ListItemEvent = { type: 'ListItemDeleted', data: { ...ref, code: 'CQP' } };

/** Every command that acts on an existing item, for the rules that hold for all of them. */
const commandsOnAnItem = (name: string, id: string): ListItemCommand[] => [
  { type: 'ModifyListItem', data: { ...cqp, list: name, itemId: id } },
  { type: 'DeactivateListItem', data: { list: name, itemId: id } },
  { type: 'ReactivateListItem', data: { list: name, itemId: id } },
  { type: 'DeleteListItem', data: { list: name, itemId: id, usageCount: 0 } },
];

describe('Reference list item', () => {
  it('is created active with its code, libellé and the values of its list', () => {
    spec.given([]).when({ type: 'CreateListItem', data: cqp }).then([created]);
    spec
      .given([created])
      .when({ type: 'ReactivateListItem', data: ref })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Cet élément est déjà actif.'));
  });

  it('cannot be created twice under one id, nor again once deleted', () => {
    for (const history of [[created], [created, deactivated], [created, deleted]])
      spec
        .given(history)
        .when({ type: 'CreateListItem', data: cqp })
        .thenThrows(ConflictError, (e) => expect(e.message).toBe('Cet élément existe déjà.'));
  });

  it('records a modification with the whole item, and nothing when nothing changed', () => {
    const modified = { ...cqp, libelle: 'CQP', values: { noteDePassage: 12, noteEliminatoire: 5 } };
    spec
      .given([created])
      .when({ type: 'ModifyListItem', data: modified })
      .then([{ type: 'ListItemModified', data: modified }]);
    spec.given([created]).when({ type: 'ModifyListItem', data: cqp }).then([]);
  });

  it('sees no change when the same values come in another order', () => {
    spec
      .given([created])
      .when({
        type: 'ModifyListItem',
        data: { ...cqp, values: { noteEliminatoire: 5, noteDePassage: 10 } },
      })
      .then([]);
  });

  it('records a change of code, and a later deletion names the current code', () => {
    const renamed = { ...cqp, code: 'CQP-2' };
    spec
      .given([created])
      .when({ type: 'ModifyListItem', data: renamed })
      .then([{ type: 'ListItemModified', data: renamed }]);
    spec
      .given([created, { type: 'ListItemModified', data: renamed }])
      .when({ type: 'DeleteListItem', data: { ...ref, usageCount: 0 } })
      .then([{ type: 'ListItemDeleted', data: { ...ref, code: 'CQP-2' } }]);
  });

  it('is deactivated then reactivated, each once', () => {
    spec.given([created]).when({ type: 'DeactivateListItem', data: ref }).then([deactivated]);
    spec
      .given([created, deactivated])
      .when({ type: 'DeactivateListItem', data: ref })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Cet élément est déjà désactivé.'));
    spec
      .given([created, deactivated])
      .when({ type: 'ReactivateListItem', data: ref })
      .then([{ type: 'ListItemReactivated', data: ref }]);
    spec
      .given([created, deactivated, { type: 'ListItemReactivated', data: ref }])
      .when({ type: 'ReactivateListItem', data: ref })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Cet élément est déjà actif.'));
  });

  it('stays deactivated when it is modified while deactivated', () => {
    const modified: ListItemEvent = { type: 'ListItemModified', data: { ...cqp, libelle: 'CQP' } };
    spec
      .given([created, deactivated, modified])
      .when({ type: 'DeactivateListItem', data: ref })
      .thenThrows(ConflictError, (e) => expect(e.message).toBe('Cet élément est déjà désactivé.'));
    spec
      .given([created, deactivated, modified])
      .when({ type: 'ReactivateListItem', data: ref })
      .then([{ type: 'ListItemReactivated', data: ref }]);
  });

  it('is deleted only while unused, active or not', () => {
    spec
      .given([created])
      .when({ type: 'DeleteListItem', data: { ...ref, usageCount: 0 } })
      .then([deleted]);
    spec
      .given([created, deactivated])
      .when({ type: 'DeleteListItem', data: { ...ref, usageCount: 0 } })
      .then([deleted]);
  });

  it('refuses the deletion of an item in use, counting its references', () => {
    spec
      .given([created])
      .when({ type: 'DeleteListItem', data: { ...ref, usageCount: 1 } })
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Cet élément est utilisé (1 référence) : désactivez-le au lieu de le supprimer.',
        ),
      );
    spec
      .given([created, deactivated])
      .when({ type: 'DeleteListItem', data: { ...ref, usageCount: 3 } })
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Cet élément est utilisé (3 références) : désactivez-le au lieu de le supprimer.',
        ),
      );
  });

  it('answers with its list’s own message when the item is unknown or deleted', () => {
    for (const history of [[], [created, deleted]])
      for (const command of commandsOnAnItem(list, itemId))
        spec
          .given(history)
          .when(command)
          .thenThrows(NotFoundError, (e) => expect(e.message).toBe('Cet examen est introuvable.'));
  });

  it('names the item the way each list does when it cannot be found', () => {
    const messages = Object.fromEntries(
      REFERENCE_LISTS.map((definition) => {
        let message = '';
        spec
          .given([])
          .when(commandsOnAnItem(definition.name, 'inconnu')[0]!)
          .thenThrows(NotFoundError, (e) => {
            message = e.message;
          });
        return [definition.name, message];
      }),
    );
    expect(messages).toEqual(
      Object.fromEntries(REFERENCE_LISTS.map((d) => [d.name, d.notFoundMessage])),
    );
    expect(messages['frais-examen']).toBe('Ces frais d’examen sont introuvables.');
    expect(messages.langues).toBe('Cette langue est introuvable.');
    expect(messages['types-handicap']).toBe('Ce type de handicap est introuvable.');
  });

  it('falls back to a generic message for a list it does not know', () => {
    spec
      .given([])
      .when({ type: 'DeactivateListItem', data: { list: 'inconnue', itemId } })
      .thenThrows(NotFoundError, (e) => expect(e.message).toBe('Élément introuvable.'));
  });

  // The rule: "one fee and one paramètres d'édition per session".
  // This decider sees one item only: the list handlers keep the key unique through a reservation,
  // as for codes (routes tested in embedded/src/lists.routes.int.spec.ts); here, the key itself.
  it('names the key an item keeps unique in its list: one fee per session, one métier per session', () => {
    const fees = referenceList('frais-examen')!;
    expect(uniqueKeysOf(fees, { sessionId: 's-1', montant: 15000 })).toEqual([
      { resource: 'frais-examen', field: 'sessionId', value: 's-1' },
    ]);
    expect(uniqueKeysOf(referenceList('parametres-edition')!, { sessionId: 's-1' })[0]?.value).toBe(
      's-1',
    );
    expect(
      uniqueKeysOf(referenceList('metiers-ouverts')!, { sessionId: 's-1', metierId: 'm-2' }),
    ).toEqual([{ resource: 'metiers-ouverts', field: 'sessionId+metierId', value: 's-1+m-2' }]);
    expect(uniqueKeysOf(fees, { sessionId: null })).toEqual([]);
    expect(uniqueKeysOf(referenceList('langues')!, { code: 'FR' })).toEqual([]);
  });
});

/** Parses a body as the command routes do (`POST` and `PUT /api/<list>`). */
const parse = (name: string, body: Record<string, unknown>) => {
  const definition = referenceList(name);
  if (!definition) throw new Error(`liste inconnue : ${name}`);
  return parseListItem(definition, body, { now: '2026-05-04T09:00:00.000Z' });
};

/** The field errors of a body the form contract refuses. */
const refusal = (name: string, body: Record<string, unknown>) => {
  try {
    parse(name, body);
  } catch (error) {
    if (error instanceof ValidationError) return { message: error.message, ...error.fields };
    throw error;
  }
  throw new Error(`accepté à tort : ${JSON.stringify(body)}`);
};

const item = { code: 'X1', libelle: 'Un élément' };
const nbsp = '\u202f';

describe('Reference list item form contract', () => {
  it('normalises the code to upper case without accents and trims the libellé', () => {
    expect(parse('langues', { code: ' fr-é ', libelle: '  Français   courant ' })).toEqual({
      code: 'FR-E',
      libelle: 'Français courant',
      values: {},
    });
  });

  it('requires code and libellé and refuses fields the list does not have', () => {
    expect(refusal('langues', { code: '', libelle: '', zoneId: 'z' })).toEqual({
      message: 'Le code est obligatoire.',
      code: 'Le code est obligatoire.',
      libelle: 'Le libellé est obligatoire.',
      _: 'Champ inconnu : zoneId.',
    });
  });

  it('requires the reference fields a list declares as required, and leaves the others empty', () => {
    expect(refusal('centres-examen', item)).toMatchObject({
      message: '« Département » est obligatoire.',
      departementId: '« Département » est obligatoire.',
    });
    expect(refusal('sites-composition', { ...item, capacite: 10 })).toMatchObject({
      centreExamenId: '« Centre d’examen » est obligatoire.',
    });
    expect(
      parse('epreuves', {
        ...item,
        examenId: 'e',
        coefficient: 1,
        noteMax: 20,
        typeEpreuve: 'orale',
      }).values.metierId,
    ).toBeNull();
  });

  it('keeps a site’s capacity a whole number of seats from 1 to 100 000', () => {
    const message = `« Capacité (places) » doit être un nombre entier entre 1 et 100${nbsp}000.`;
    const site = { ...item, centreExamenId: 'c' };
    for (const capacite of [undefined, '', 0, 100_001, 12.5, '12'])
      expect(refusal('sites-composition', { ...site, capacite })).toMatchObject({
        capacite: message,
      });
    for (const capacite of [1, 100_000])
      expect(parse('sites-composition', { ...site, capacite }).values).toEqual({
        centreExamenId: 'c',
        capacite,
        adresse: '',
        accessible: false,
      });
  });

  it('keeps an exam’s pass mark from 1 to 20 and its eliminatory mark, optional, from 0 to 20', () => {
    expect(refusal('examens', { ...item, noteDePassage: 21 })).toMatchObject({
      noteDePassage: '« Note de passage (sur 20) » doit être un nombre entier entre 1 et 20.',
    });
    expect(refusal('examens', item)).toMatchObject({
      noteDePassage: '« Note de passage (sur 20) » doit être un nombre entier entre 1 et 20.',
    });
    expect(refusal('examens', { ...item, noteDePassage: 10, noteEliminatoire: -1 })).toMatchObject({
      noteEliminatoire: '« Note éliminatoire (sur 20) » doit être un nombre entier entre 0 et 20.',
    });
    expect(parse('examens', { ...item, noteDePassage: 10 }).values).toEqual({
      noteDePassage: 10,
      noteEliminatoire: null,
    });
  });

  it('keeps the eliminatory mark below the pass mark', () => {
    const message = 'La note éliminatoire doit être inférieure à la note de passage.';
    for (const noteEliminatoire of [10, 12])
      expect(refusal('examens', { ...item, noteDePassage: 10, noteEliminatoire })).toEqual({
        message,
        noteEliminatoire: message,
      });
    expect(parse('examens', { ...item, noteDePassage: 10, noteEliminatoire: 0 }).values).toEqual({
      noteDePassage: 10,
      noteEliminatoire: 0,
    });
  });

  it('takes a paper’s coefficient and maximum mark above zero, rounded to two decimals', () => {
    const epreuve = { ...item, examenId: 'e', noteMax: 20, typeEpreuve: 'ecrite' };
    expect(refusal('epreuves', { ...epreuve, coefficient: 0 })).toMatchObject({
      coefficient: '« Coefficient » doit être un nombre supérieur à 0 et au plus 100.',
    });
    expect(refusal('epreuves', { ...epreuve, coefficient: 1, noteMax: 1001 })).toMatchObject({
      noteMax: `« Note maximale » doit être un nombre supérieur à 0 et au plus 1${nbsp}000.`,
    });
    expect(parse('epreuves', { ...epreuve, coefficient: 0.125 }).values).toEqual({
      examenId: 'e',
      metierId: null,
      coefficient: 0.13,
      noteMax: 20,
      typeEpreuve: 'ecrite',
      eliminatoire: false,
      jour: null,
      heureDebut: '',
      duree: null,
    });
    expect(refusal('epreuves', { ...epreuve, coefficient: 1, heureDebut: '8h' })).toMatchObject({
      heureDebut: 'Indiquez l’heure au format HH:MM, par exemple 08:00.',
    });
    expect(
      parse('epreuves', { ...epreuve, coefficient: 1, jour: 2, heureDebut: '08:30', duree: 180 })
        .values,
    ).toMatchObject({ jour: 2, heureDebut: '08:30', duree: 180 });
  });

  it('takes a paper’s type among written, practical and oral, and its eliminatory flag as yes or no', () => {
    const epreuve = { ...item, examenId: 'e', coefficient: 1, noteMax: 20 };
    expect(refusal('epreuves', { ...epreuve, typeEpreuve: 'QCM' })).toMatchObject({
      typeEpreuve: '« Type d’épreuve » : choisissez parmi Écrite, Pratique, Orale.',
    });
    expect(
      refusal('epreuves', { ...epreuve, typeEpreuve: 'orale', eliminatoire: 'oui' }),
    ).toMatchObject({ eliminatoire: '« Éliminatoire » vaut oui ou non.' });
  });

  it('keeps an exam fee a whole amount of FCFA from 1 to 10 000 000, with its payment prefix', () => {
    const frais = { ...item, sessionId: 's', prefixePaiement: 'CQP27' };
    expect(refusal('frais-examen', { ...frais, montant: 0 })).toMatchObject({
      montant: `« Montant (FCFA) » doit être un nombre entier entre 1 et 10${nbsp}000${nbsp}000.`,
    });
    expect(refusal('frais-examen', { ...frais, montant: 1500.5 })).toMatchObject({
      montant: `« Montant (FCFA) » doit être un nombre entier entre 1 et 10${nbsp}000${nbsp}000.`,
    });
    expect(
      refusal('frais-examen', { ...frais, montant: 15_000, prefixePaiement: ' ' }),
    ).toMatchObject({
      prefixePaiement: '« Préfixe des références de paiement » est obligatoire.',
    });
    expect(
      refusal('frais-examen', { ...item, montant: 15_000, prefixePaiement: 'P' }),
    ).toMatchObject({ sessionId: '« Session » est obligatoire.' });
  });

  it('cleans a département’s e-mail addresses and refuses an invalid one', () => {
    const emails = { ...item, departementId: 'd' };
    expect(
      parse('emails-departements', { ...emails, emails: 'A@Mairie.cm; b@x.cm , a@mairie.cm' })
        .values,
    ).toEqual({ departementId: 'd', emails: 'a@mairie.cm, b@x.cm' });
    expect(
      refusal('emails-departements', { ...emails, emails: 'a@x.cm, pas-une-adresse' }),
    ).toMatchObject({ emails: '« Adresses e-mail » : une adresse e-mail n’est pas valide.' });
    expect(refusal('emails-departements', { ...emails, emails: ' ; ' })).toMatchObject({
      emails: '« Adresses e-mail » est obligatoire.',
    });
  });

  it('takes a deposit centre’s phone number of 8 to 15 digits, optional', () => {
    const centre = { ...item, departementId: 'd' };
    expect(parse('centres-depot', { ...centre, telephone: '+237 6 99.00-11-22' }).values).toEqual({
      departementId: 'd',
      adresse: '',
      telephone: '+237699001122',
    });
    expect(parse('centres-depot', centre).values.telephone).toBe('');
    expect(refusal('centres-depot', { ...centre, telephone: '699 00' })).toMatchObject({
      telephone: '« Téléphone » compte de 8 à 15 chiffres (indicatif + accepté).',
    });
  });

  it('requires a real calendar day as the last day enrolers may modify a dossier', () => {
    const parametres = { ...item, sessionId: 's', prefixeDossier: 'CQP27' };
    expect(
      refusal('parametres-edition', { ...parametres, dateLimiteModification: '2027-02-30' }),
    ).toMatchObject({
      dateLimiteModification: '« Dernier jour de modification des dossiers » : date invalide.',
    });
    expect(refusal('parametres-edition', parametres)).toMatchObject({
      dateLimiteModification: '« Dernier jour de modification des dossiers » est obligatoire.',
    });
    expect(
      parse('parametres-edition', { ...parametres, dateLimiteModification: '2027-03-31' }).values,
    ).toEqual({
      sessionId: 's',
      dateLimiteModification: '2027-03-31',
      modificationApresValidation: false,
      prefixeDossier: 'CQP27',
      ageMinimum: null,
    });
  });

  it('lists the exams a supporting document concerns once each, none meaning all', () => {
    expect(
      parse('pieces-justificatives', { ...item, obligatoire: true, examenIds: ['a', 'b', 'a'] })
        .values,
    ).toEqual({ obligatoire: true, examenIds: ['a', 'b'] });
    expect(parse('pieces-justificatives', item).values).toEqual({
      obligatoire: false,
      examenIds: [],
    });
  });

  it('leaves a métier’s quota open, or keeps it from 1 to 1 000 000 places', () => {
    const ouvert = { ...item, sessionId: 's', metierId: 'm' };
    expect(parse('metiers-ouverts', ouvert).values.quota).toBeNull();
    expect(refusal('metiers-ouverts', { ...ouvert, quota: 0 })).toMatchObject({
      quota: `« Quota (places) » doit être un nombre entier entre 1 et 1${nbsp}000${nbsp}000.`,
    });
  });

  it('requires a signatory’s title and a signature image already uploaded', () => {
    const signature = `image-${'a'.repeat(64)}.png`;
    expect(refusal('signataires', { ...item, titre: '', signature })).toMatchObject({
      titre: '« Titre ou fonction » est obligatoire.',
    });
    expect(refusal('signataires', { ...item, titre: 'Ministre' })).toMatchObject({
      signature: '« Signature (image) » est obligatoire.',
    });
    expect(
      refusal('signataires', { ...item, titre: 'Ministre', signature: 'signature.png' }),
    ).toMatchObject({
      signature: '« Signature (image) » : image inconnue, envoyez-la de nouveau.',
    });
    expect(parse('signataires', { ...item, titre: 'Ministre', signature }).values).toEqual({
      titre: 'Ministre',
      signeAttestations: false,
      signeDiplomes: false,
      signeDecisions: false,
      signePv: false,
      signature,
    });
  });

  it('keeps free texts to 500 characters', () => {
    expect(refusal('types-handicap', { ...item, amenagement: 'x'.repeat(501) })).toMatchObject({
      amenagement: '« Aménagement accordé » compte au plus 500 caractères.',
    });
    expect(parse('types-handicap', { ...item, amenagement: ' Tiers temps ' }).values).toEqual({
      amenagement: 'Tiers temps',
      siteAccessibleRequis: false,
    });
  });
});
