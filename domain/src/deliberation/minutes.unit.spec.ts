import { describe, expect, it } from '@jest/globals';
import { ConflictError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import type { RecordedEvent } from '../core/envelope.js';
import {
  pvArchiveDecider,
  pvArchiveDocumentsAfter,
  pvArchiveFile,
  pvArchiveId,
  pvIntegrity,
  parsePvArchiveRequest,
  type PvArchived,
  type PvArchiveDocument,
} from './minutes.js';
import {
  parseResultsVisibility,
  resultsVisibilityDecider,
  resultsVisibilityResource,
  type ResultsVisibilitySet,
} from '../public-results/resultsVisibility.js';

const sha = (c: string) => c.repeat(64);
const keys = {
  archiveId: pvArchiveId('jury-1', 'centre-1'),
  sessionId: 'session-1',
  juryId: 'jury-1',
  centreExamenId: 'centre-1',
};
const pv = (documentId: string, hash: string) => ({
  ...keys,
  documentId,
  fichier: pvArchiveFile(hash),
  nomFichier: 'proces-verbal-jury-national-centre-de-yaounde.pdf',
  sha256: hash,
  taille: 4321,
  pages: 2,
  numeroArrete: '0042/MINEFOP',
  dateArrete: '2027-07-10',
  libelle: 'Jury national — Centre de Yaoundé',
  session: 'CQP 2027',
});
const archived = (documentId: string, hash: string, numeroVersion: number): PvArchived => ({
  type: 'PvArchived',
  data: { ...pv(documentId, hash), numeroVersion },
});

describe('PV archives', () => {
  const spec = DeciderSpecification.for(pvArchiveDecider);

  it('archives a first PV as version 1, a PV generated again as the next version', () => {
    spec
      .given([])
      .when({ type: 'ArchivePv', data: pv('doc-1', sha('a')) })
      .then([archived('doc-1', sha('a'), 1)]);
    spec
      .given([archived('doc-1', sha('a'), 1)])
      .when({ type: 'ArchivePv', data: pv('doc-2', sha('b')) })
      .then([archived('doc-2', sha('b'), 2)]);
  });

  it('never archives the same generated document twice', () => {
    spec
      .given([archived('doc-1', sha('a'), 1)])
      .when({ type: 'ArchivePv', data: pv('doc-1', sha('a')) })
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Ce procès-verbal est déjà archivé (version 1) : générez-le à nouveau pour en archiver une nouvelle version.',
        ),
      );
  });

  it('refuses a copy whose name is not its hash', () => {
    spec
      .given([])
      .when({ type: 'ArchivePv', data: { ...pv('doc-1', sha('a')), fichier: 'autre.pdf' } })
      .thenThrows(ValidationError);
    spec
      .given([])
      .when({ type: 'ArchivePv', data: pv('doc-1', 'pas-une-empreinte') })
      .thenThrows(ValidationError);
  });

  it('lists a new version as the latest, the previous one kept as it was', () => {
    const recorded = (e: PvArchived, revision: number) =>
      ({
        ...e,
        id: `e-${revision}`,
        streamId: `archives-pv-${keys.archiveId}`,
        revision,
        position: String(revision + 10),
        metadata: {
          actor: { id: 'u-1', name: 'Awa Nkolo' },
          at: `2027-07-2${revision}T10:00:00.000Z`,
          correlationId: 'c',
          causationId: 'c',
          schemaVersion: 1,
        },
      }) as unknown as RecordedEvent;
    const [first] = pvArchiveDocumentsAfter(recorded(archived('doc-1', sha('a'), 1), 0), null);
    expect(first).toMatchObject({
      id: `${keys.archiveId}~v1`,
      numeroVersion: 1,
      derniere: true,
      sha256: sha('a'),
      archivePar: 'Awa Nkolo',
      archiveLe: '2027-07-20T10:00:00.000Z',
    });
    const [second, previous] = pvArchiveDocumentsAfter(
      recorded(archived('doc-2', sha('b'), 2), 1),
      first as PvArchiveDocument,
    );
    expect(second).toMatchObject({ id: `${keys.archiveId}~v2`, numeroVersion: 2, derniere: true });
    expect(previous).toEqual({ ...first, derniere: false });
  });

  it('says « Intègre » only for the recorded hash', () => {
    expect(
      pvIntegrity({ sha256: sha('a'), taille: 10 }, { sha256: sha('a'), taille: 10 }),
    ).toMatchObject({ integre: true, statut: 'Intègre' });
    expect(
      pvIntegrity({ sha256: sha('a'), taille: 10 }, { sha256: sha('b'), taille: 10 }),
    ).toMatchObject({ integre: false, statut: 'Altéré', sha256Calcule: sha('b') });
    expect(pvIntegrity({ sha256: sha('a'), taille: 10 }, null).message).toBe(
      'Altéré : le fichier archivé est introuvable.',
    );
  });

  it('asks for the generated PV', () => {
    expect(parsePvArchiveRequest({ documentId: ' doc-1 ' })).toEqual({ documentId: 'doc-1' });
    expect(() => parsePvArchiveRequest({})).toThrow(
      new ValidationError('Générez d’abord le procès-verbal à archiver.'),
    );
  });
});

describe('Visibility of results', () => {
  const spec = DeciderSpecification.for(resultsVisibilityDecider);
  const set = (visible: boolean, moyenneVisible: boolean): ResultsVisibilitySet => ({
    type: 'ResultsVisibilitySet',
    data: { sessionId: 's-1', visible, moyenneVisible },
  });
  const jurys = [
    { id: 'j-1', libelle: 'Jury de Douala', close: true },
    { id: 'j-2', libelle: 'Jury de Garoua', close: false },
    { id: 'j-3', libelle: 'Jury de Maroua', close: false },
  ];

  it('makes results visible once every jury of the session has closed', () => {
    spec
      .given([])
      .when({
        type: 'SetResultsVisibility',
        data: { sessionId: 's-1', visible: true, moyenneVisible: true, jurys: [jurys[0]!] },
      })
      .then([set(true, true)]);
  });

  it('refuses while a jury is open, naming every such jury', () => {
    spec
      .given([])
      .when({
        type: 'SetResultsVisibility',
        data: { sessionId: 's-1', visible: true, moyenneVisible: false, jurys },
      })
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Les résultats ne sont rendus visibles qu’une fois tous les jurys de la session clos : les jurys « Jury de Garoua », « Jury de Maroua » n’ont pas encore clos leur délibération.',
        ),
      );
    spec
      .given([])
      .when({
        type: 'SetResultsVisibility',
        data: { sessionId: 's-1', visible: true, moyenneVisible: false, jurys: [] },
      })
      .thenThrows(ConflictError);
  });

  it('hides them at any time; the same setting again changes nothing', () => {
    spec
      .given([set(true, true)])
      .when({
        type: 'SetResultsVisibility',
        data: { sessionId: 's-1', visible: false, moyenneVisible: true, jurys },
      })
      .then([set(false, true)]);
    spec
      .given([set(true, true)])
      .when({
        type: 'SetResultsVisibility',
        data: { sessionId: 's-1', visible: true, moyenneVisible: true, jurys },
      })
      .then([]);
  });

  it('reads yes or no for each switch, in French otherwise', () => {
    expect(parseResultsVisibility({ visible: true, moyenneVisible: false })).toEqual({
      visible: true,
      moyenneVisible: false,
    });
    expect(() => parseResultsVisibility({ visible: 'oui' })).toThrow(
      'Indiquez si les résultats sont visibles (oui ou non).',
    );
  });

  it('tells its history with its labels', () => {
    const history = resultsVisibilityResource.history!(
      [set(true, false), set(true, true)].map((e, revision) => ({
        ...e,
        revision,
        metadata: { at: `2027-07-2${revision}T10:00:00Z`, actor: { name: 'Awa Nkolo' } },
      })),
    );
    expect(
      history.map((h) =>
        h.changes.map((c) => `${c.label} : ${String(c.before)} → ${String(c.after)}`),
      ),
    ).toEqual([
      ['Résultats sur la consultation publique : Masqués → Visibles'],
      ['Moyenne : Masquée → Affichée'],
    ]);
  });
});
