import { createHash } from 'node:crypto';
import {
  GRADE_SHEET_CATEGORY,
  DELIBERATION_CATEGORY,
  deliberationDecider,
  computeResult,
  type CandidateComputation,
  gradeSheetDecider,
  gradeSheetId,
  PV_ARCHIVE_CATEGORY,
  pvArchiveDecider,
  pvArchiveFile,
  pvArchiveId,
  RESULTS_VISIBILITY_CATEGORY,
  resultsVisibilityDecider,
  streamName,
} from '@examens-pro/domain';
import { handleCommand } from '@examens-pro/platform';
import { type AggregateSamples, commandsOn } from '../sampleScope.js';
import { examOf } from '../incidents/samples.js';

/**
 * A jury's deliberation per story: a sheet of three candidates marked, the jury's override of one
 * result, the closing (results frozen with the reference), then a dispute's grade change after
 * closing and, one story in two, the candidate deliberated again.
 */
export const deliberations: AggregateSamples = {
  name: 'deliberations',
  provides: [],
  writes: [DELIBERATION_CATEGORY, GRADE_SHEET_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const juryId = `jury-deliberation-${n}`;
    const session = `${sessionId}-delib-${n}`;
    const feuilleId = gradeSheetId(session, epreuveId, siteId);
    const keys = { feuilleId, sessionId: session, epreuveId, siteId };
    const sheet = commandsOn(scope, streamName(GRADE_SHEET_CATEGORY, feuilleId), gradeSheetDecider);
    const deliberate = commandsOn(
      scope,
      streamName(DELIBERATION_CATEGORY, juryId),
      deliberationDecider,
    );
    const notes = [14, 8.5, 11 + (n % 5)];
    const roster = notes.map((_, i) => ({
      candidatureId: `candidature-deliberation-${n}-${i}`,
      numeroCandidat: `DEL-${String(n * 10 + i).padStart(5, '0')}`,
      nom: ['Abena', 'Bilong', 'Chindji'][i]!,
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      metierId: 'metier',
      centreExamenId: 'centre',
    }));
    await sheet({ type: 'OpenGradeSheet', data: { ...keys, candidats: roster } });
    await sheet({
      type: 'EnterMarks',
      data: {
        source: 'saisie',
        importation: null,
        parId: 'agent-saisie-1',
        doubleSaisie: false,
        marks: notes.map((note, i) => ({ candidatureId: roster[i]!.candidatureId, note })),
      },
    });
    const epreuve = {
      id: epreuveId,
      code: 'EPR',
      libelle: 'Épreuve des incidents',
      coefficient: 1,
      noteMax: 20,
      eliminatoire: false,
    };
    const candidate = (i: number, note: number): CandidateComputation => ({
      ...roster[i]!,
      numeroDossier: `DOS-${n}-${i}`,
      dateNaissance: '1990-05-04',
      lieuNaissance: 'Bafoussam',
      categorie: 'libre',
      handicapId: null,
      centreDepotId: 'depot',
      siteId,
      departementId: 'departement',
      zoneId: 'zone',
      computation: computeResult(
        [epreuve],
        { [epreuveId]: { presence: 'present', note } },
        { noteDePassage: 10, noteEliminatoire: null },
      ),
    });
    const jury = { juryId, sessionId: session };
    await deliberate({
      type: 'SetOverride',
      data: { ...jury, candidat: candidate(1, notes[1]!), resultat: 'admis', motif: 'Rachat.' },
    });
    if (n % 3 === 0)
      await deliberate({
        type: 'RemoveOverride',
        data: {
          ...jury,
          candidatureId: roster[1]!.candidatureId,
          numeroCandidat: roster[1]!.numeroCandidat,
          motif: 'Décision revue.',
        },
      });
    await deliberate({
      type: 'CloseDeliberation',
      data: {
        ...jury,
        sessionStatut: 'deliberation',
        reference: { numeroArrete: `${n}/MINEFOP`, dateArrete: '2026-07-10' },
        candidats: notes.map((note, i) => candidate(i, note)),
      },
    });
    // A dispute after closing: the mark changes, the result waits for a new deliberation.
    await sheet({
      type: 'ModifyMark',
      data: {
        candidatureId: roster[2]!.candidatureId,
        note: 7,
        motif: 'Réclamation : erreur de report.',
        origine: 'contentieux',
      },
    });
    if (n % 2 === 0)
      await deliberate({
        type: 'Redeliberate',
        data: {
          ...jury,
          candidat: candidate(2, 7),
          motif: 'Note corrigée après réclamation.',
          derogation: null,
        },
      });
  },
};

/**
 * Minutes and the visibility of results: each story archives the PV of a jury × centre (a second
 * version one story in three), as the archive route records it once the bytes are copied (the file
 * itself is not made here), and switches the exam session's results and average on or off.
 */
export const minutes: AggregateSamples = {
  name: 'archives des PV et visibilité des résultats',
  provides: [],
  writes: [PV_ARCHIVE_CATEGORY, RESULTS_VISIBILITY_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId } = await examOf(scope);
    const juryId = `jury-pv-${n}`;
    const archiveId = pvArchiveId(juryId, siteId);
    for (let version = 1; version <= (n % 3 === 0 ? 2 : 1); version += 1) {
      const sha256 = createHash('sha256').update(`${archiveId}#${version}`).digest('hex');
      await handleCommand(scope.eventStore, {
        stream: streamName(PV_ARCHIVE_CATEGORY, archiveId),
        decider: pvArchiveDecider,
        command: {
          type: 'ArchivePv',
          data: {
            archiveId,
            sessionId,
            juryId,
            centreExamenId: siteId,
            documentId: `document-pv-${n}-${version}`,
            fichier: pvArchiveFile(sha256),
            nomFichier: `proces-verbal-jury-${n}.pdf`,
            sha256,
            taille: 20_000 + n,
            pages: 1 + (n % 5),
            numeroArrete: `${n}/MINEFOP`,
            dateArrete: '2027-07-10',
            libelle: `Jury ${n} — Centre`,
            session: 'Session des PV',
          },
        },
        context: scope.context(),
      });
    }
    await handleCommand(scope.eventStore, {
      stream: streamName(RESULTS_VISIBILITY_CATEGORY, sessionId),
      decider: resultsVisibilityDecider,
      command: {
        type: 'SetResultsVisibility',
        data: {
          sessionId,
          visible: n % 2 === 0,
          moyenneVisible: n % 4 < 2,
          jurys: [{ id: juryId, libelle: `Jury ${n}`, close: true }],
        },
      },
      context: scope.context(),
    });
  },
};
