import { createHash } from 'node:crypto';
import {
  DOCUMENT_CATEGORY,
  documentDecider,
  streamName,
  type Actor,
  admissionDecisionDecider,
  admissionDecisionId,
  DECISION_CATEGORY,
  decisionDocumentId,
  MINISTER_SIGNATURE_CATEGORY,
  MINISTER_SIGNATURE_ID,
  ministerSignatureDecider,
  type DecisionCandidate,
} from '@examens-pro/domain';
import { handleCommand } from '@examens-pro/platform';
import { type AggregateSamples, commandsOn, START } from '../sampleScope.js';
import { examOf } from '../incidents/samples.js';

/**
 * Admission decisions: each story deposits a signature version, prepares a département's decision
 * (refreshed one story in two), signs it, and writes what the reactor and the workers then write —
 * the signed PDF's request and outcome (the file itself is not made here), its seal on the decision
 * — through the deciders and the shared handler, as the routes and the reactor do.
 */
export const admissionDecisions: AggregateSamples = {
  name: 'décisions d’admission',
  provides: [],
  writes: [MINISTER_SIGNATURE_CATEGORY, DECISION_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId } = await examOf(scope);
    const sha = createHash('sha256').update(`signature-ministre-${n}`).digest('hex');
    const deposited = await handleCommand(scope.eventStore, {
      stream: streamName(MINISTER_SIGNATURE_CATEGORY, MINISTER_SIGNATURE_ID),
      decider: ministerSignatureDecider,
      command: {
        type: 'DepositMinisterSignature',
        data: {
          fichier: `image-${sha}.png`,
          sha256: sha,
          taille: 1_000 + n,
          type: 'image/png',
          nomFichier: `signature-${n}.png`,
        },
      },
      context: scope.context(),
    });
    const departementId = await scope.reference('departements');
    const decisionId = admissionDecisionId(`${sessionId}-decision-${n}`, departementId, 1);
    const decide = commandsOn(
      scope,
      streamName(DECISION_CATEGORY, decisionId),
      admissionDecisionDecider,
    );
    const candidate = (i: number): DecisionCandidate => ({
      candidatureId: `candidature-decision-${n}-${i}`,
      numeroCandidat: `DEC-${String(n * 10 + i).padStart(5, '0')}`,
      nom: ['Abena', 'Bilong', 'Chindji'][i % 3]!,
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: '1990-05-04',
      lieuNaissance: 'Bafoussam',
      metierId: 'metier',
      metier: 'Métier',
      juryId: `jury-decision-${n}`,
    });
    const jurys = [{ id: `jury-decision-${n}`, libelle: `Jury ${n}` }];
    await decide({
      type: 'PrepareDecision',
      data: {
        decisionId,
        sessionId: `${sessionId}-decision-${n}`,
        departementId,
        numero: 1,
        remplace: null,
        candidats: [candidate(0), candidate(1)],
        jurys,
      },
    });
    const candidats =
      n % 2 === 0 ? [candidate(0), candidate(1), candidate(2)] : [candidate(0), candidate(1)];
    if (n % 2 === 0) await decide({ type: 'RefreshDecision', data: { candidats, jurys } });
    const signature = {
      numero: deposited.state.numero,
      fichier: `image-${sha}.png`,
      sha256: sha,
      taille: 1_000 + n,
      type: 'image/png' as const,
      deposeLe: new Date(START).toISOString(),
      deposePar: 'Générateur de charge',
    };
    const documentId = decisionDocumentId(decisionId);
    await decide({
      type: 'SignDecision',
      data: {
        candidatsActuels: candidats,
        contenu: {
          reference: `${n}/MINEFOP/CAB`,
          examen: { code: 'CQP', libelle: 'CQP' },
          session: { libelle: 'Session des décisions', annee: 2027 },
          departement: { libelle: 'Département', zone: 'Zone' },
          arrete: { numeroArrete: `${n}/MINEFOP`, dateArrete: '2027-07-10' },
          visas: ['la Constitution'],
          ampliations: ['Intéressés'],
        },
        signature,
        referencesSignees: [],
        documentId,
      },
    });
    const worker: Actor = { id: 'generateur-documents', name: 'Générateur de documents' };
    const document = commandsOn(scope, streamName(DOCUMENT_CATEGORY, documentId), documentDecider);
    await document({
      type: 'RequestDocument',
      data: {
        documentId,
        kind: 'decision-admission',
        cible: {
          sessionId: `${sessionId}-decision-${n}`,
          departementId,
          decisionId,
          libelle: `Département — décision n° ${n}/MINEFOP/CAB`,
        },
      },
    });
    const pdf = createHash('sha256').update(documentId).digest('hex');
    await document(
      {
        type: 'RecordDocumentGenerated',
        data: {
          documentId,
          fileName: 'decision-admission.pdf',
          sha256: pdf,
          size: 9_000 + n,
          pages: 1,
        },
      },
      worker,
    );
    await decide(
      {
        type: 'SealDecision',
        data: { decisionId, documentId, sha256: pdf, taille: 9_000 + n, pages: 1 },
      },
      worker,
    );
  },
};
