import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CANDIDATURE_CATEGORY,
  REPORTS,
  STATISTICS_PROJECTION,
  streamName,
  type Actor,
  type CandidatureEvent,
  type DomainEvent,
  type EventEnvelope,
} from '@examens-pro/domain';
import { loadConfig, openPorts, ProjectionRunner, toEnvelopes } from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { send } from './commands.js';
import { benchConfiguration } from './configuration.js';
import { percentile, round } from './machine.js';
import { startServer } from './server.js';

/**
 * The seven statistical reports at national scale: `candidats` dossiers of one session (30
 * métiers, 60 centres de dépôt over the 58 départements, `candidats / 20` patrons, 150 enrôleurs
 * and 10 supervisors, registrations spread over 120 days; every statut, pièces, payments, patrons'
 * apprentices), written as the candidature decider would (events appended in bulk), every read
 * model rebuilt, then each report read over HTTP by one signed-in client: its views and filters in
 * turn (zone, département, métier and sex, a period), `requests` requests per report.
 */
const ACTOR: Actor = { id: 'mesure-rapports', name: 'Mesure des rapports' };
const STATUTS = [
  [8, 'brouillon'],
  [20, 'soumis'],
  [60, 'valide'],
  [80, 'affecte'],
  [92, 'rejete'],
  [100, 'desiste'],
] as const;

export const benchReports = async (options: {
  port: number;
  candidats: number;
  /** Requests per report (at least 50). */
  requests?: number;
  dataDir?: string;
}) => {
  const requests = Math.max(50, options.requests ?? 60);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-rapports-'));
  const started = performance.now();
  const ports = openPorts(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }));
  const { eventStore, readStore } = ports;
  const { departementIds, item, openSession } = await benchConfiguration(
    eventStore,
    readStore,
    ACTOR,
  );
  const examenId = await item('examens', 'CQP', 'Certificat de qualification professionnelle', {
    noteDePassage: 10,
  });
  const { sessionId } = await openSession('mesure-rapports-session', examenId);
  const metiers: string[] = [];
  for (let m = 0; m < 30; m += 1)
    metiers.push(await item('metiers', `M${m}`, `Métier ${String(m + 1).padStart(2, '0')}`));
  const centres: string[] = [];
  for (let c = 0; c < 60; c += 1)
    centres.push(
      await item('centres-depot', `DEP${c}`, `Dépôt ${c + 1}`, {
        departementId: departementIds[c % departementIds.length],
      }),
    );
  const at = (day: number, minutes: number) =>
    new Date(Date.UTC(2026, 9, 1) + day * 86_400_000 + minutes * 60_000).toISOString();
  const envelopes = (
    events: readonly DomainEvent[],
    commandId: string,
    actor: Actor,
    now: string,
    offset = 0,
  ) => toEnvelopes(events, { commandId, actor, now }, offset) as EventEnvelope[];

  // The patrons, as the lists' decider records them (no code, nothing reserved).
  const patrons = Math.max(10, Math.floor(options.candidats / 20));
  for (let p = 0; p < patrons; p += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let k = p; k < Math.min(p + 1000, patrons); k += 1) {
      const itemId = `mesure-patron-${k}`;
      batch.push(
        eventStore.appendToStream(
          `patrons-${itemId}`,
          envelopes(
            [
              {
                type: 'ListItemCreated',
                data: {
                  list: 'patrons',
                  itemId,
                  code: '',
                  libelle: `Atelier ${k + 1}`,
                  values: {
                    responsableNom: 'Ndzana',
                    responsablePrenoms: 'Roger',
                    responsableSexe: k % 3 ? 'M' : 'F',
                    telephone: '699112233',
                    email: null,
                    metierId: metiers[k % metiers.length]!,
                    departementId: departementIds[k % departementIds.length]!,
                    adresse: null,
                  },
                },
              },
            ],
            `mesure-patron-${k}`,
            ACTOR,
            at(0, 0),
          ),
          { expectedRevision: 'no_stream' },
        ),
      );
    }
    await Promise.all(batch);
  }

  // The dossiers: created by an enrôleur on their day, completed, then checked by a supervisor.
  const dossier = (i: number) => {
    const candidatureId = `mesure-dossier-${i}`;
    const day = i % 120;
    const enroleur: Actor = { id: `mesure-enroleur-${i % 150}`, name: `Enrôleur ${i % 150}` };
    const superviseur: Actor = {
      id: `mesure-superviseur-${i % 10}`,
      name: `Superviseur ${i % 10}`,
    };
    const roll = (i * 37) % 100;
    const statut = STATUTS.find(([limit]) => roll < limit)![1];
    const categorie = i % 10 < 4 ? 'apprenti' : i % 10 === 4 ? 'patron' : 'libre';
    const patronId = categorie === 'libre' ? null : `mesure-patron-${(i * 13) % patrons}`;
    const id = { candidatureId };
    const mine: CandidatureEvent[] = [
      {
        type: 'CandidatureCreated',
        data: {
          ...id,
          numeroDossier: `CQP27-${String(i + 1).padStart(6, '0')}`,
          sessionId,
          metierId: metiers[(i * 7) % metiers.length]!,
          centreDepotId: centres[(i * 11) % centres.length]!,
          values: {
            categorie,
            apprentiId: categorie === 'apprenti' ? `mesure-apprenti-${i}` : null,
            patronId,
            nom: 'Candidat',
            prenoms: `Numéro ${i}`,
            sexe: (i * 3) % 5 < 2 ? 'F' : 'M',
            dateNaissance: '1995-03-10',
            lieuNaissance: 'Yaoundé',
            nationalite: 'Camerounaise',
            telephone: '699112233',
            niveauId: 'mesure-niveau',
          },
          piecesDemandees: [],
          montantDu: 15000,
        },
      },
    ];
    for (let p = 0; p < i % 4; p += 1)
      mine.push({
        type: 'PieceDeposited',
        data: {
          ...id,
          pieceId: `mesure-piece-${p}`,
          piecesDemandees: [],
          fichier: 'piece.pdf',
          nomFichier: 'piece.pdf',
          type: 'application/pdf',
          taille: 1000,
        },
      });
    if ((i * 7) % 10 < 6)
      mine.push({
        type: 'PaymentRecorded',
        data: {
          ...id,
          paiementId: `mesure-paiement-${i}`,
          montant: i % 5 === 0 ? 10000 : 15000,
          date: at(day, 0).slice(0, 10),
          reference: `REC-${i}`,
          montantDu: 15000,
        },
      });
    const checked: CandidatureEvent[] = [];
    if (statut !== 'brouillon') mine.push({ type: 'CandidatureSubmitted', data: id });
    if (statut === 'valide' || statut === 'affecte')
      checked.push({ type: 'CandidatureValidated', data: id });
    if (statut === 'affecte')
      checked.push({
        type: 'CandidatureAllocated',
        data: { ...id, siteId: 'mesure-site', numeroCandidat: `M-${i}`, numeroTable: 1 },
      });
    if (statut === 'rejete')
      checked.push({
        type: 'CandidatureRejected',
        data: { ...id, motifId: 'mesure-motif', commentaire: '' },
      });
    if (statut === 'desiste') mine.push({ type: 'CandidatureWithdrawn', data: id });
    return eventStore.appendToStream(
      streamName(CANDIDATURE_CATEGORY, candidatureId),
      [
        ...envelopes(mine, `${candidatureId}-enroleur`, enroleur, at(day, i % 600)),
        ...envelopes(checked, `${candidatureId}-controle`, superviseur, at(day + 2, i % 600)),
      ],
      { expectedRevision: 'no_stream' },
    );
  };
  for (let i = 0; i < options.candidats; i += 1000) {
    const batch: Promise<unknown>[] = [];
    for (let k = i; k < Math.min(i + 1000, options.candidats); k += 1) batch.push(dossier(k));
    await Promise.all(batch);
  }
  const writeSeconds = round((performance.now() - started) / 1000);
  const rebuildStarted = performance.now();
  let statisticsSeconds = 0;
  for (const projection of allProjections()) {
    const { ms } = await ProjectionRunner.rebuild(eventStore, readStore, projection, {
      batchSize: 2000,
    });
    if (projection.name === STATISTICS_PROJECTION) statisticsSeconds = round(ms / 1000);
  }
  const rebuildSeconds = round((performance.now() - rebuildStarted) / 1000);
  await ports.close();

  const server = await startServer(dataDir, options.port);
  // The reactors (reservations, documents…) read the whole log once at start: measured after.
  const catchUpStarted = performance.now();
  while (!(await fetch(`${server.url}/api/ready`)).ok)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const catchUpSeconds = round((performance.now() - catchUpStarted) / 1000);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = async (path: string) => {
    const begun = performance.now();
    const response = await send(agent, `${server.url}${path}`, 'GET', server.headers(), '');
    const ms = performance.now() - begun;
    if (response.status !== 200)
      throw new Error(`${path} : HTTP ${response.status} ${JSON.stringify(response.json)}`);
    return { ms, json: response.json };
  };
  try {
    // Each report in each of its views, then filtered: a zone, a département, a métier and a
    // sex, a period of a month (where each applies).
    const choices = (await get('/api/rapports/choix')).json as {
      departements: { id: string; zoneId: string }[];
    };
    const zone = choices.departements.find((d) => d.id === departementIds[0])!.zoneId;
    const rapports: Record<
      string,
      { p95Ms: number; p99Ms: number; p50Ms: number; requests: number }
    > = {};
    for (const report of REPORTS) {
      const variants: Record<string, string>[] = report.views.map((view) => ({
        vue: view.key,
        ...(view.ignores?.includes('session') ? {} : { sessionId }),
      }));
      const base = { sessionId, vue: report.views[0]!.key };
      if (report.filters.includes('zone')) variants.push({ ...base, zoneId: zone });
      if (report.filters.includes('departement'))
        variants.push({ ...base, departementId: departementIds[0]! });
      if (report.filters.includes('metier'))
        variants.push({ ...base, metierId: metiers[3]!, sexe: 'F' });
      if (report.filters.includes('periode'))
        variants.push({ ...base, du: '2026-11-01', au: '2026-11-30' });
      const path = (n: number) =>
        `/api/rapports/${report.id}?${new URLSearchParams(variants[n % variants.length]).toString()}`;
      // Warm-up: each variant once (prepared statements, page cache).
      for (let n = 0; n < variants.length; n += 1) await get(path(n));
      const latencies: number[] = [];
      for (let n = 0; n < requests; n += 1) latencies.push((await get(path(n))).ms);
      rapports[report.id] = {
        requests: latencies.length,
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        p99Ms: round(percentile(latencies, 99)),
      };
    }
    return {
      candidats: options.candidats,
      patrons,
      writeSeconds,
      rebuildSeconds,
      /** The statistics' cubes alone, within `rebuildSeconds`. */
      statisticsRebuildSeconds: statisticsSeconds,
      /** The product started on that data, until `/api/ready` (its reactors caught up). */
      catchUpSeconds,
      client: 'node:http, une connexion gardée ouverte, une requête à la fois',
      rapports,
    };
  } finally {
    agent.destroy();
    await server.stop();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
};
