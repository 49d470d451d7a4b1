import { candidateSearchRoutes } from './registration/candidateSearch.js';
import { personListColumnsRoutes } from './registration/personListColumns.js';
import { piecesQueueRoutes } from './registration/piecesQueue.js';
import { gradeQueryRoutes } from './grades/grades.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  choosersOf,
  DOCUMENT_KINDS,
  READ_RESOURCES,
  REFERENCE_LISTS,
  referenceList,
  documentRequirement,
  examIncidentsResource,
  exportTableOf,
  resourceRequirement,
  routeForResource,
  type ReadModelDocument,
  type ResourceDefinition,
} from '@examens-pro/domain';
import {
  centreScopeHook,
  installErrorHandling,
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type PaymentConfig,
  type PublicRateLimits,
  type ReadStore,
  type SignInLimiter,
} from '@examens-pro/platform';
import { publicRoutes } from './routes/public/index.js';
import { accountReadRoutes, type ProductInformation } from './accounts/accounts.js';
import { documentFileRoutes } from './documents/documentFiles.js';
import { imageFileRoutes } from './reference-lists/images.js';
import { exportRoutes } from './routes/exports.js';
import type { LabelSource } from './exports.js';
import { resourceReadRoutes } from './routes/resource.js';
import { distinctRoutes } from './routes/distinct.js';
import {
  identityDocumentRoutes,
  pieceFileRoutes,
  piecesReportRoutes,
} from './registration/pieces.js';
import { incidentFileRoutes } from './incidents/incidentFiles.js';
import {
  allocationPreviewRoutes,
  allocationReportRoutes,
  examListExportRoutes,
} from './allocation/allocation.js';
import { deliberationQueryRoutes } from './deliberation/deliberations.js';
import { juryCoverageRoutes } from './deliberation/juries.js';
import { pvArchiveQueryRoutes } from './deliberation/pvArchive.js';
import { resultsVisibilityQueryRoutes } from './public-results/resultsVisibility.js';
import { signingCertificateQueryRoutes } from './certificates/signingCertificate.js';
import { examIncidentCandidatesRoutes } from './incidents/examIncidents.js';
import {
  admissionDecisionQueryRoutes,
  ministerSignatureQueryRoutes,
} from './admission/admissionDecisions.js';
import { admissionExtractionRoutes, admissionStatisticsRoutes } from './admission/admissions.js';
import { dashboardFigureRoutes, reportRoutes } from './statistics/reports.js';

export interface QueryServiceOptions {
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
  /** Version, build and adapters, for the `informations` screen. */
  readonly information: () => ProductInformation;
  /** Failed public results lookups per numéro de candidat. */
  readonly lookupLimiter: SignInLimiter;
  /** The public calls' budgets per client address (default: `publicRateLimitsOf`). */
  readonly publicLimits?: PublicRateLimits;
  /** PUBLIC_URL: the product's public origin. */
  readonly publicUrl?: string;
  /** PAYMENT_*: online payments' provider and webhook secret (default: none, no online payment). */
  readonly payments?: PaymentConfig;
}

/** Every resource the query service lists: the read resources of every aggregate's manifest. */
export const RESOURCES: readonly ResourceDefinition[] = READ_RESOURCES;

/** The route's scope: what every read through it satisfies (enrôleurs: `enroleur = true`). */
const scopeOf = (resource: string) => routeForResource(resource)?.scope;

/**
 * Who may read a resource: whoever may open its screen, and whoever edits something that chooses
 * from it (declared by the manifests' references: the site's form lists the centres, the métier's
 * the filières, the enrôleur's the centres de dépôt, the users' screens show the profile by name).
 * The geography is read by every signed-in user. Documents are listed to whoever may produce one
 * kind or another; each file checks its own kind.
 */
export const readRequirement = (name: string): readonly string[] => {
  if (referenceList(name)?.readOnly) return [];
  if (name === 'documents')
    return [...new Set(Object.keys(DOCUMENT_KINDS).flatMap((kind) => documentRequirement(kind)))];
  return [
    ...new Set(
      [name, ...choosersOf(name), ...(referenceList(name)?.offeredOn ?? [])].flatMap((resource) =>
        resourceRequirement(resource, 'read'),
      ),
    ),
  ];
};

/** An export shows references by their libellé, read from the referenced resource's collection. */
export const labelSourceOf =
  (readStore: ReadStore): LabelSource =>
  async (name, ids) => {
    const referenced = RESOURCES.find((resource) => resource.name === name);
    if (!referenced) return new Map();
    const found = await readStore
      .collection<ReadModelDocument & { libelle?: unknown }>(referenced.collection)
      .getMany(ids);
    return new Map(found.map((doc) => [doc.id, String(doc.libelle ?? doc.id)]));
  };

/** Every read resource's list, history and record, its filters' values and its screen's exports. */
export const registerResourceRoutes = async (
  app: FastifyInstance,
  { readStore, eventStore }: QueryServiceOptions,
  labels: LabelSource,
): Promise<void> => {
  for (const resource of RESOURCES) {
    await app.register(resourceReadRoutes, {
      prefix: `/api/${resource.name}`,
      resource,
      readStore,
      eventStore,
      requirement: readRequirement(resource.name),
      baseFilter: scopeOf(resource.name),
      labels,
    });
    // The values its filters choose among (the agents who changed dossiers), within the same scope.
    if (resource.distinct)
      await app.register(distinctRoutes, {
        prefix: `/api/${resource.name}`,
        resource,
        readStore,
        requirement: readRequirement(resource.name),
        baseFilter: scopeOf(resource.name),
      });
    // Its screen's exports, under the same guard and scope as its list.
    const table = exportTableOf(resource.name);
    if (table) {
      await app.register(exportRoutes, {
        prefix: `/api/${resource.name}`,
        resource,
        table,
        readStore,
        labels,
        requirement: readRequirement(resource.name),
        baseFilter: scopeOf(resource.name),
      });
    }
  }
};

/** The documents' files, the accounts' reads, and the files attached to dossiers and incidents. */
export const registerFileRoutes = async (
  app: FastifyInstance,
  { readStore, jobQueue, storage, information }: QueryServiceOptions,
): Promise<void> => {
  await app.register(documentFileRoutes, {
    prefix: '/api/documents',
    readStore,
    jobQueue,
    storage,
  });
  await app.register(accountReadRoutes, { readStore, information });
  // A dossier's pièces (files) and the « Bilan général des pièces ».
  await app.register(pieceFileRoutes, {
    prefix: '/api/candidatures',
    readStore,
    storage,
    requirement: readRequirement('candidatures'),
  });
  await app.register(incidentFileRoutes, {
    prefix: '/api/incidents-inscription',
    readStore,
    storage,
    everyIncident: readRequirement('incidents-inscription'),
    ownIncidents: readRequirement('mes-incidents'),
  });
  // The exam incidents' attachments, and the candidates their form chooses among.
  await app.register(incidentFileRoutes, {
    prefix: '/api/incidents-examen',
    readStore,
    storage,
    resource: examIncidentsResource,
    everyIncident: readRequirement('incidents-examen'),
    ownIncidents: [],
  });
  await app.register(examIncidentCandidatesRoutes, {
    prefix: '/api/incidents-examen',
    readStore,
    requirement: resourceRequirement('incidents-examen', 'write'),
  });
  // The document of each identity correction (« Historique des modifications des identités »).
  await app.register(identityDocumentRoutes, {
    prefix: '/api/corrections-identite',
    readStore,
    storage,
    requirement: readRequirement('corrections-identite'),
  });
};

/** The screens' own reads: search, grades, reports, allocation, juries, minutes, admissions. */
export const registerScreenRoutes = async (
  app: FastifyInstance,
  { readStore, eventStore, storage }: QueryServiceOptions,
  labels: LabelSource,
): Promise<void> => {
  // « Rechercher un candidat »: the search and the 360° view of a dossier.
  await app.register(candidateSearchRoutes, {
    prefix: '/api/recherche-candidats',
    readStore,
    eventStore,
    labels,
  });
  // « Soumettre une liste d’agents »: the columns a métier's list must fill.
  await app.register(personListColumnsRoutes, { prefix: '/api/listes-candidats', readStore });
  // The grade and presence screens: choices, a sheet, the presences' bilan.
  await app.register(gradeQueryRoutes, { prefix: '/api/notes', readStore });
  await app.register(piecesReportRoutes, { prefix: '/api/bilan-pieces', readStore, labels });
  // « File de vérification des pièces »: the next dossier whose pièces wait to be checked.
  await app.register(piecesQueueRoutes, { prefix: '/api/file-pieces', readStore, labels });
  await app.register(allocationReportRoutes, {
    prefix: '/api/bilan-affectation',
    readStore,
    labels,
  });
  // The attendance and door lists as XLSX; `/api/listes-examen` is the alias of an earlier spelling.
  for (const prefix of ['/api/liste-examen', '/api/listes-examen'])
    await app.register(examListExportRoutes, { prefix, readStore, labels });
  await app.register(allocationPreviewRoutes, {
    prefix: '/api/affectations-automatiques',
    readStore,
  });
  await app.register(juryCoverageRoutes, { prefix: '/api/couverture-jurys', readStore });
  // « Archives des procès-verbaux »: choices, an archived version's file and its hash checked.
  await app.register(pvArchiveQueryRoutes, { prefix: '/api/archives-pv', readStore, storage });
  // « Visibilité des résultats »: the sessions, a session's juries and their statut.
  await app.register(resultsVisibilityQueryRoutes, {
    prefix: '/api/visibilites-resultats',
    readStore,
  });
  // « Extraction par rang des admis » and « Statistiques des admissions », from the frozen results.
  await app.register(admissionExtractionRoutes, {
    prefix: '/api/extraction-admis',
    readStore,
    labels,
  });
  await app.register(admissionStatisticsRoutes, {
    prefix: '/api/statistiques-admissions',
    readStore,
    labels,
  });
  // « Rapports statistiques » (read from the statistics' cubes) and the home's figures.
  await app.register(reportRoutes, { prefix: '/api/rapports', readStore });
  await app.register(dashboardFigureRoutes, { prefix: '/api/tableau-de-bord', readStore });
  // « Résultats et PV »: the choices and a jury's provisional or frozen results, beside the generic
  // reads of `/api/deliberations`; `/api/deliberation-jurys` is the alias of an earlier path.
  await app.register(deliberationQueryRoutes, {
    prefix: '/api/deliberations',
    readStore,
    eventStore,
  });
  await app.register(deliberationQueryRoutes, {
    prefix: '/api/deliberation-jurys',
    readStore,
    eventStore,
    resultsUrl: '/:juryId',
  });
  // « Décision d’admission »: the minister's signature (current version, images), the decisions'
  // choices per session and département, a decision's candidates.
  // The documents' signing certificate (« Configuration → Signataires »).
  await app.register(signingCertificateQueryRoutes, {
    prefix: '/api/certificat-signature',
    eventStore,
  });
  await app.register(ministerSignatureQueryRoutes, {
    prefix: '/api/signatures-ministre',
    readStore,
    storage,
  });
  await app.register(admissionDecisionQueryRoutes, {
    prefix: '/api/decisions-admission',
    readStore,
    eventStore,
  });
};

export const queryService: FastifyPluginAsync<QueryServiceOptions> = async (app, options) => {
  const {
    readStore,
    eventStore,
    jobQueue,
    storage,
    lookupLimiter,
    publicLimits,
    publicUrl,
    payments,
  } = options;
  installErrorHandling(app);
  // Centres stay apart: another centre's dossier, incident or document, read by id, is a 404.
  app.addHook('preValidation', centreScopeHook(readStore, RESOURCES));
  // The public area's calls: no session, their own limits (the gateway sends every method here).
  await app.register(publicRoutes, {
    prefix: '/api/public',
    readStore,
    eventStore,
    jobQueue,
    storage,
    lookupLimiter,
    limits: publicLimits,
    publicUrl,
    payments,
  });
  const labels = labelSourceOf(readStore);
  await registerResourceRoutes(app, options, labels);
  await registerFileRoutes(app, options);
  await registerScreenRoutes(app, options, labels);
  await app.register(imageFileRoutes, {
    prefix: '/api/images',
    storage,
    requirement: [
      ...new Set(
        REFERENCE_LISTS.filter((list) => list.fields.some((f) => f.type === 'image')).flatMap(
          (list) => readRequirement(list.name),
        ),
      ),
    ],
  });
};
