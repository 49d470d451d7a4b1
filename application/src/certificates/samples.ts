import { createHash } from 'node:crypto';
import {
  DELIBERATION_CATEGORY,
  deliberationDecider,
  computeResult,
  ATTESTATION_CATEGORY,
  ATTESTATION_PRINT_CATEGORY,
  VERIFICATION_CATEGORY,
  verificationStream,
  PUBLIC_ACTOR,
  attestationDecider,
  attestationPrintDecider,
  verificationAddress,
  verificationCodeFromBytes,
  type CandidateComputation,
  DOCUMENT_CATEGORY,
  documentDecider,
  streamName,
} from '@examens-pro/domain';
import { handleCommand, toEnvelopes, reserveUniqueValue } from '@examens-pro/platform';
import { type AggregateSamples, commandsOn } from '../sampleScope.js';
import { examOf } from '../incidents/samples.js';

/**
 * Attestations: each story closes a jury of two admitted candidates, then writes what a document
 * of their attestations makes the workers write — the request, each candidate's code (reserved,
 * then issued; drawn from the story's number, not the CSPRNG, so that a seed makes the same log),
 * the print record and the outcome (the file itself is not made here) — through the deciders and
 * the shared handler, as the route and the workers do.
 */
export const attestations: AggregateSamples = {
  name: 'attestations',
  provides: [],
  writes: [
    DELIBERATION_CATEGORY,
    ATTESTATION_CATEGORY,
    ATTESTATION_PRINT_CATEGORY,
    VERIFICATION_CATEGORY,
  ],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const juryId = `jury-attestations-${n}`;
    const session = `${sessionId}-attestations-${n}`;
    const epreuve = {
      id: epreuveId,
      code: 'EPR',
      libelle: 'Épreuve des attestations',
      coefficient: 1,
      noteMax: 20,
      eliminatoire: false,
    };
    const candidats: CandidateComputation[] = [13, 15].map((note, i) => ({
      candidatureId: `candidature-attestation-${n}-${i}`,
      numeroCandidat: `ATT-${String(n * 10 + i).padStart(5, '0')}`,
      numeroDossier: `DOS-ATT-${n}-${i}`,
      nom: ['Abena', 'Bilong'][i]!,
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: '1991-02-03',
      lieuNaissance: 'Ebolowa',
      categorie: 'libre',
      handicapId: null,
      metierId: 'metier',
      centreDepotId: 'depot',
      siteId,
      centreExamenId: 'centre',
      departementId: 'departement',
      zoneId: 'zone',
      computation: computeResult(
        [epreuve],
        { [epreuveId]: { presence: 'present', note } },
        { noteDePassage: 10, noteEliminatoire: null },
      ),
    }));
    await handleCommand(scope.eventStore, {
      stream: streamName(DELIBERATION_CATEGORY, juryId),
      decider: deliberationDecider,
      command: {
        type: 'CloseDeliberation',
        data: {
          juryId,
          sessionId: session,
          sessionStatut: 'deliberation',
          reference: { numeroArrete: `${n}/MINEFOP`, dateArrete: '2027-07-10' },
          candidats,
        },
      },
      context: scope.context(),
    });
    const documentId = `document-attestations-${n}`;
    const document = commandsOn(scope, streamName(DOCUMENT_CATEGORY, documentId), documentDecider);
    await document({
      type: 'RequestDocument',
      data: {
        documentId,
        kind: n % 2 === 0 ? 'attestations' : 'diplomes',
        cible: {
          sessionId: session,
          candidatureIds: candidats.map((c) => c.candidatureId),
          adressePublique: 'https://examens.example.org',
          libelle: '2 candidats',
        },
      },
    });
    for (const [i, candidat] of candidats.entries()) {
      const stream = streamName(ATTESTATION_CATEGORY, candidat.candidatureId);
      const code = verificationCodeFromBytes(
        createHash('sha256').update(`${candidat.candidatureId}#${i}`).digest(),
      );
      const context = scope.context();
      await reserveUniqueValue(
        scope.eventStore,
        { resource: ATTESTATION_CATEGORY, field: 'code', value: code },
        stream,
        context,
      );
      await handleCommand(scope.eventStore, {
        stream,
        decider: attestationDecider,
        command: {
          type: 'IssueAttestation',
          data: {
            candidatureId: candidat.candidatureId,
            sessionId: session,
            juryId,
            numeroCandidat: candidat.numeroCandidat,
            code,
            adresse: verificationAddress('https://examens.example.org', code),
            documentId,
            admis: true,
          },
        },
        context,
      });
      // Checked on the public page as many times as its index says, as the public route records it.
      for (let k = 0; k <= i; k += 1)
        await scope.eventStore.appendToStream(
          verificationStream(candidat.candidatureId, '2027-07-20'),
          toEnvelopes(
            [
              {
                type: 'AttestationVerified',
                data: { candidatureId: candidat.candidatureId, code, jour: '2027-07-20' },
              },
            ],
            { ...scope.context(), actor: PUBLIC_ACTOR },
          ),
        );
    }
    await handleCommand(scope.eventStore, {
      stream: streamName(ATTESTATION_PRINT_CATEGORY, documentId),
      decider: attestationPrintDecider,
      command: {
        type: 'RecordPrint',
        data: {
          documentId,
          sessionId: session,
          kind: n % 2 === 0 ? 'attestations' : 'diplomes',
          partie: 0,
          candidatureIds: candidats.map((c) => c.candidatureId),
        },
      },
      context: scope.context(),
    });
    await document(
      {
        type: 'RecordDocumentGenerated',
        data: {
          documentId,
          fileName: 'attestations.pdf',
          sha256: createHash('sha256').update(documentId).digest('hex'),
          size: 8_000 + n,
          pages: candidats.length,
        },
      },
      { id: 'generateur-documents', name: 'Générateur de documents' },
    );
  },
};
