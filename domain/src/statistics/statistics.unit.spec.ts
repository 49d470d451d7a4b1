import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import { DASHBOARD_ROUTES, routeById } from '../routes/routeTable.js';
import type { CandidatureEvent } from '../registration/candidature.js';
import {
  CUBES,
  STATISTICS_CUBES,
  agentActionOf,
  candidatureContributions,
  candidatureFactAfter,
  cellAfter,
  cellChanges,
  cellHasTaken,
  piecesBucket,
  rollupFor,
  type CandidatureFact,
  type CellDocument,
} from './cubes.js';
import { DASHBOARD_FIGURES, figurePath } from './dashboard.js';
import {
  REPORTS,
  REPORT_FILTERS,
  buildReport,
  formatReportValue,
  parseReportDay,
  parseReportQuery,
  reportById,
  reportCriteria,
  reportExportTable,
  reportSources,
  viewColumns,
  type CellGroup,
  type ReportQuery,
  type RowOf,
} from './reports.js';

let position = 100;
const event = (
  type: CandidatureEvent['type'],
  data: Record<string, unknown>,
  revision: number,
  at = '2026-11-02T23:30:00.000Z',
): RecordedEvent<CandidatureEvent> =>
  ({
    id: `e${revision}`,
    type,
    data: { candidatureId: 'c1', ...data },
    streamId: 'candidatures-c1',
    revision,
    position: String(++position),
    metadata: {
      actor: { id: 'u1', name: 'Paul Essomba' },
      at,
      correlationId: 'x',
      causationId: 'x',
      schemaVersion: 1,
    },
  }) as unknown as RecordedEvent<CandidatureEvent>;

const created = (values: Record<string, string | null> = {}) =>
  event(
    'CandidatureCreated',
    {
      numeroDossier: 'CQP27-000001',
      sessionId: 's1',
      metierId: 'elec',
      centreDepotId: 'yde',
      values: { sexe: 'F', categorie: 'libre', patronId: null, ...values },
      montantDu: 15000,
    },
    0,
  );

/** Folds events into a dossier's fact, as the projection does. */
const factOf = (...events: RecordedEvent<CandidatureEvent>[]): CandidatureFact | null =>
  events.reduce<CandidatureFact | null>(
    (fact, e) => candidatureFactAfter(fact, e, 'Africa/Douala'),
    null,
  );

describe('the cubes', () => {
  it('keep a dossier’s contribution: its statut, its day in the office’s time zone, pièces once each, amounts', () => {
    const fact = factOf(
      created(),
      event('CandidatureSubmitted', {}, 1),
      event('PieceDeposited', { pieceId: 'acte' }, 2),
      event('PieceDeposited', { pieceId: 'acte' }, 3),
      event('PieceDeposited', { pieceId: 'photo' }, 4),
      event('PaymentRecorded', { montant: 10000, montantDu: 15000 }, 5),
    );
    // 23:30 UTC is already the 3rd in Douala (UTC+1).
    expect(fact).toMatchObject({ statut: 'soumis', jour: '2026-11-03', montantPaye: 10000 });
    expect(fact?.pieces).toEqual(['acte', 'photo']);
    expect(candidatureContributions(fact)).toEqual([
      {
        cube: 'dossiers',
        sessionId: 's1',
        dims: {
          centreDepotId: 'yde',
          metierId: 'elec',
          sexe: 'F',
          statut: 'soumis',
          jour: '2026-11-03',
        },
        measures: {
          n: 1,
          montantDu: 15000,
          montantPaye: 10000,
          reste: 5000,
          regles: 0,
          demonstration: 0,
        },
      },
      {
        cube: 'pieces',
        sessionId: 's1',
        dims: {
          centreDepotId: 'yde',
          metierId: 'elec',
          sexe: 'F',
          jour: '2026-11-03',
          pieces: '2',
        },
        measures: { n: 1, soumises: 2 },
      },
    ]);
    // A rejected dossier owes nothing more; what it paid stays paid.
    const rejected = candidatureFactAfter(
      fact,
      event('CandidatureRejected', {}, 6),
      'Africa/Douala',
    );
    expect(candidatureContributions(rejected)[0]!.measures).toEqual({
      n: 1,
      montantDu: 0,
      montantPaye: 10000,
      reste: 0,
      regles: 0,
      demonstration: 0,
    });
    // A sandbox payment: shown apart, in the amount paid only where its session counted it.
    const sandbox = { fournisseur: 'demonstration', demonstration: true, montantDu: 15000 };
    const demonstrated = candidatureFactAfter(
      fact,
      event('PaymentRecorded', { ...sandbox, montant: 5000, demonstrationComptee: false }, 6),
      'Africa/Douala',
    );
    expect(candidatureContributions(demonstrated)[0]!.measures).toMatchObject({
      montantPaye: 10000,
      reste: 5000,
      regles: 0,
      demonstration: 5000,
    });
    const counted = candidatureFactAfter(
      fact,
      event('PaymentRecorded', { ...sandbox, montant: 5000, demonstrationComptee: true }, 6),
      'Africa/Douala',
    );
    expect(candidatureContributions(counted)[0]!.measures).toMatchObject({
      montantPaye: 15000,
      reste: 0,
      regles: 1,
      demonstration: 5000,
    });
    // Deleted: it counts nowhere.
    expect(
      candidatureContributions(
        candidatureFactAfter(fact, event('CandidatureDeleted', {}, 6), 'Africa/Douala'),
      ),
    ).toEqual([]);
    expect([0, 1, 4, 5, 9].map(piecesBucket)).toEqual(['0', '1', '4', '5+', '5+']);
  });

  it('move a dossier from its old cells to its new ones, in every roll-up; a patron’s candidates counted on the patron', () => {
    const before = factOf(created({ patronId: 'p1' }), event('CandidatureSubmitted', {}, 1));
    const after = candidatureFactAfter(
      before,
      event('CandidatureValidated', {}, 2),
      'Africa/Douala',
    );
    const changes = cellChanges(candidatureContributions(before), candidatureContributions(after));
    const dossiers = changes.filter((c) => c.cube === 'dossiers');
    // Every roll-up of the dossiers' cube holds the statut: one cell loses it, one gains it.
    expect(dossiers).toHaveLength(CUBES.dossiers.rollups.length * 2);
    expect(dossiers.find((c) => c.id === '0|s1|soumis')?.delta).toMatchObject({ n: -1 });
    expect(dossiers.find((c) => c.id === '0|s1|valide')?.delta).toMatchObject({ n: 1 });
    // The pièces do not change; the patron's cell counts one more validated candidate.
    expect(changes.filter((c) => c.cube === 'pieces')).toEqual([]);
    expect(changes.filter((c) => c.cube === 'patrons-candidats')).toEqual([
      {
        cube: 'patrons-candidats',
        id: '0|s1|p1',
        key: { part: '0|s1', rollup: 0, sessionId: 's1', patronId: 'p1' },
        delta: { n: 0, hommes: 0, femmes: 0, valides: 1 },
      },
    ]);
    expect(agentActionOf(event('CandidatureValidated', {}, 2))).toBe('validation');
    expect(agentActionOf(event('CandidatureSubmitted', {}, 1))).toBeNull();
  });

  it('take each event once: a cell records the last event it took', () => {
    const change = cellChanges([], candidatureContributions(factOf(created())))[0]!;
    const first = event('CandidatureCreated', {}, 0);
    const cell = cellAfter(null, change, first);
    expect(cell).toMatchObject({ n: 1, position: first.position, revision: 0 });
    expect(cellHasTaken(cell, first)).toBe(true);
    expect(cellHasTaken(cell, { position: String(+first.position + 1), revision: 1 })).toBe(false);
    // One append of EventStoreDB: the same position, the next revision is new.
    expect(cellHasTaken(cell, { position: first.position, revision: 1 })).toBe(false);
    expect(cellHasTaken(null, first)).toBe(false);
    const twice = cellAfter(cell as CellDocument, change, { position: '999', revision: 3 });
    expect(twice.n).toBe(2);
  });

  it('read the smallest roll-up holding what a query needs', () => {
    expect(rollupFor(CUBES.dossiers, ['statut'])).toBe(0);
    expect(rollupFor(CUBES.dossiers, ['jour', 'statut'])).toBe(1);
    expect(rollupFor(CUBES.dossiers, ['centreDepotId', 'statut'])).toBe(2);
    expect(rollupFor(CUBES.dossiers, ['sexe', 'statut'])).toBe(3);
    expect(rollupFor(CUBES.dossiers, ['centreDepotId', 'sexe', 'jour', 'statut'])).toBe(6);
    // A patron's attributes are on every cell of its cube.
    expect(rollupFor(CUBES['patrons-candidats'], ['patronId', 'metierId', 'raisonSociale'])).toBe(
      0,
    );
    for (const name of STATISTICS_CUBES) {
      const cube = CUBES[name];
      expect(cube.rollups.at(-1)).toEqual(cube.dimensions);
      for (const field of [...cube.dimensions, ...cube.measures, 'part', 'sessionId'])
        expect(cube.collection.fields).toHaveProperty(field);
    }
  });
});

describe('the reports’ declarations', () => {
  it('name seven routes of the route table, each a report screen under its own permissions', () => {
    expect(REPORTS).toHaveLength(7);
    for (const report of REPORTS) {
      const route = routeById(report.route);
      expect({ id: report.id, screen: route.screen, section: route.section }).toEqual({
        id: report.id,
        screen: 'report',
        section: 'rapports-statistiques',
      });
      expect(route.permissions.length).toBeGreaterThan(0);
      expect(route.permissions.every((p) => p.startsWith('statistiques.'))).toBe(true);
    }
    expect(DASHBOARD_ROUTES.filter((r) => r.screen === 'report')).toHaveLength(7);
  });

  it('can read every view with every filter from a roll-up, and draw columns they show', () => {
    for (const report of REPORTS)
      for (const view of report.views) {
        const columns = viewColumns(report, view).map((c) => c.key);
        expect(columns.length).toBeGreaterThan(0);
        for (const series of view.chart.series) expect(columns).toContain(series);
        const query: ReportQuery = {
          vue: view.key,
          sessionId: 's1',
          zoneId: 'z',
          departementId: 'd',
          metierId: 'm',
          sexe: 'F',
          ...(report.filters.includes('periode') ? { du: '2026-10-01', au: '2026-10-31' } : {}),
          page: 1,
          parPage: 50,
        };
        for (const scoped of [false, true])
          expect(() => reportSources(report, query, scoped)).not.toThrow();
      }
  });
});

describe('a report’s query', () => {
  const inscriptions = reportById('candidats/statistiques-inscriptions')!;
  const financial = reportById('statistiques-financieres')!;
  const byPatron = reportById('patrons/candidat-inscrit-par-patron')!;
  const fails = (run: () => unknown, message: string) => {
    expect(run).toThrow(ValidationError);
    expect(run).toThrow(message);
  };

  it('takes the view, the filters that apply, a period typed either way', () => {
    expect(
      parseReportQuery(inscriptions, {
        vue: 'jour',
        sessionId: 's1',
        zoneId: ' z ',
        sexe: 'F',
        du: '01/10/2026',
        au: '2026-10-31',
      }),
    ).toEqual({
      vue: 'jour',
      sessionId: 's1',
      zoneId: 'z',
      sexe: 'F',
      du: '2026-10-01',
      au: '2026-10-31',
      page: 1,
      parPage: 50,
    });
    expect(parseReportQuery(inscriptions, { sessionId: 's1' }).vue).toBe('statut');
    expect(parseReportDay('29/02/2027')).toBeUndefined();
    expect(parseReportDay('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses in French what does not apply or does not parse', () => {
    fails(() => parseReportQuery(inscriptions, {}), 'Choisissez la session.');
    fails(() => parseReportQuery(inscriptions, { sessionId: 's', vue: 'x' }), 'Vue inconnue');
    fails(
      () => parseReportQuery(inscriptions, { sessionId: 's', du: '31/02/2027' }),
      'Date invalide : saisissez-la au format JJ/MM/AAAA.',
    );
    fails(
      () => parseReportQuery(inscriptions, { sessionId: 's', du: '2027-02-02', au: '2027-02-01' }),
      'La date de début de la période doit précéder sa date de fin.',
    );
    fails(() => parseReportQuery(inscriptions, { sessionId: 's', sexe: 'X' }), 'Sexe inconnu');
    fails(
      () => parseReportQuery(byPatron, { sessionId: 's', du: '2027-02-02' }),
      'Ce rapport ne se filtre pas par période.',
    );
    // By session: every session, whatever the one chosen.
    expect(parseReportQuery(financial, { vue: 'session' })).toMatchObject({ vue: 'session' });
    fails(
      () => parseReportQuery(financial, { vue: 'session', sessionId: 's' }),
      'dans la vue « par session »',
    );
  });
});

describe('a report’s rows', () => {
  const report = reportById('candidats/statistiques-inscriptions')!;
  const names: Record<string, string> = { yde: 'Dépôt de Yaoundé', dla: 'Dépôt de Douala', '': '' };
  const rowOf: RowOf = (_cube, key) => ({
    valeur: String(key.centreDepotId),
    libelle: names[String(key.centreDepotId)] ?? '?',
  });
  const group = (centreDepotId: string, statut: string, n: number): CellGroup => ({
    key: { centreDepotId, statut },
    sums: { n },
  });

  it('pivot the statuts per row, total them, and drop the empty rows', () => {
    const result = buildReport(
      report,
      { vue: 'centre', sessionId: 's1', page: 1, parPage: 50 },
      [
        {
          cube: 'dossiers',
          groups: [
            group('yde', 'soumis', 3),
            group('yde', 'valide', 2),
            group('dla', 'brouillon', 1),
            group('dla', 'rejete', 4),
            group('', 'soumis', 0),
          ],
        },
      ],
      rowOf,
    );
    expect(
      result.lignes.map((l) => [l.libelle, l.valeurs.soumis, l.valeurs.total, l.valeurs.part]),
    ).toEqual([
      ['Dépôt de Douala', 0, 5, 50],
      ['Dépôt de Yaoundé', 3, 5, 50],
    ]);
    expect(result.total.valeurs).toMatchObject({
      brouillon: 1,
      soumis: 3,
      valide: 2,
      rejete: 4,
      total: 10,
      part: 100,
    });
    expect(result.nombreLignes).toBe(2);
  });

  it('share, ratio, money and percent print in French', () => {
    expect(formatReportValue(25000, 'fcfa')).toBe('25\u00a0000\u00a0FCFA');
    expect(formatReportValue(62.5, 'pourcentage')).toBe('62,5\u00a0%');
    expect(formatReportValue(1234, 'nombre')).toBe('1\u00a0234');
    expect(formatReportValue(1.5, 'decimal')).toBe('1,5');
    expect(formatReportValue(null, 'pourcentage')).toBe('—');
    const financial = reportById('statistiques-financieres')!;
    const result = buildReport(
      financial,
      { vue: 'centre', sessionId: 's1', page: 1, parPage: 50 },
      [
        {
          cube: 'dossiers',
          groups: [
            {
              key: { centreDepotId: 'yde', statut: 'valide' },
              sums: { n: 2, regles: 1, montantDu: 30000, montantPaye: 25000, reste: 5000 },
            },
            {
              key: { centreDepotId: 'yde', statut: 'rejete' },
              sums: { n: 1, regles: 0, montantDu: 0, montantPaye: 5000, reste: 0 },
            },
          ],
        },
      ],
      rowOf,
    );
    expect(result.total.valeurs).toEqual({
      dossiers: 2,
      regles: 1,
      montantDu: 30000,
      montantPaye: 30000,
      reste: 5000,
      recouvrement: 83.3,
      demonstration: 0,
    });
    const table = reportExportTable(result);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Centre de dépôt',
      'Dossiers en cours',
      'Dossiers réglés',
      'Montant dû (FCFA)',
      'Montant payé (FCFA)',
      'Reste à payer (FCFA)',
      'Taux de recouvrement (%)',
      'Paiements de démonstration (FCFA)',
    ]);
    expect(table.columns.map((c) => c.cell(result.total as never, () => undefined))).toEqual([
      'Total',
      2,
      1,
      30000,
      30000,
      5000,
      83.3,
      0,
    ]);
  });

  it('page the rows of a patron view, the largest first', () => {
    const byPatron = reportById('patrons/candidat-inscrit-par-patron')!;
    const groups = ['A', 'B', 'C'].map((p, i) => ({
      key: { patronId: p, raisonSociale: `Garage ${p}` },
      sums: { n: i + 1, hommes: i, femmes: 1, valides: 0 },
    }));
    const result = buildReport(
      byPatron,
      { vue: 'patron', sessionId: 's1', page: 2, parPage: 2 },
      [{ cube: 'patrons-candidats', groups }],
      (_c, key) => ({
        valeur: String(key.patronId),
        libelle: String(key.raisonSociale),
        attributs: { metierId: 'Électricité' },
      }),
    );
    expect(result.lignes.map((l) => [l.libelle, l.valeurs.candidats, l.valeurs.metier])).toEqual([
      ['Garage A', 1, 'Électricité'],
    ]);
    expect(result).toMatchObject({ nombreLignes: 3, page: 2, parPage: 2 });
    expect(result.total.valeurs).toMatchObject({ candidats: 6, hommes: 3, femmes: 3 });
  });

  it('say what a report was narrowed to', () => {
    expect(
      reportCriteria(
        {
          vue: 'centre',
          sessionId: 's',
          sexe: 'F',
          du: '2026-10-01',
          au: '2026-10-31',
          page: 1,
          parPage: 50,
        },
        { session: 'CQP 2027', zone: 'Centre' },
      ),
    ).toBe('CQP 2027 — Zone Centre, Féminin, du 01/10/2026 au 31/10/2026');
    expect(REPORT_FILTERS).toContain('periode');
  });
});

describe('the dashboard’s figures', () => {
  it('link each to a screen of the route table, narrowed to the session', () => {
    for (const figure of DASHBOARD_FIGURES) expect(routeById(figure.route)).toBeDefined();
    const valide = DASHBOARD_FIGURES.find((f) => f.key === 'valide')!;
    expect(figurePath(valide, 's1')).toBe(
      `inscription/candidats/liste?filter=${encodeURIComponent('{"sessionId":"s1","statut":"valide"}')}`,
    );
    const paid = DASHBOARD_FIGURES.find((f) => f.key === 'montant-paye')!;
    expect(figurePath(paid, 's1')).toBe(
      'rapports-statistiques/statistiques-financieres?sessionId=s1',
    );
  });
});
