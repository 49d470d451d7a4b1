import { Writable } from 'node:stream';
import {
  EXAM_LIST_COLUMNS,
  examListText,
  type ConvocationPage,
  type ExamListRow,
} from '@examens-pro/domain';
import {
  closeRenderThreads,
  renderConvocationsOffThread,
  renderListDocumentOffThread,
} from '@examens-pro/workers';
import { round } from './machine.js';

/** A sink that counts bytes: the bench measures rendering, not the disk. */
const sink = () => {
  let bytes = 0;
  return {
    out: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    }),
    bytes: () => bytes,
  };
};

const NOMS = ['Mbarga', 'Ngo Bayiha', 'Abanda', 'Fouda', 'Essomba', 'Nkoulou', 'Tchoupo', 'Eto’o'];
const PRENOMS = ['Jean-Pierre', 'Marie Claire', 'Ange', 'Éloïse', 'Paul', 'Brice', 'Gisèle'];

/**
 * The exam documents (attendance lists and convocations), rendered as the workers do (off-thread,
 * the same renderers): the attendance lists of `sites` sites of `perSite` candidates each in one
 * merged document (each site on pages of its own, rows tall enough to sign), then `convocations`
 * convocations (one page each). Pages per second, target ≥ 300.
 */
export const benchExamDocuments = async (options: {
  sites: number;
  perSite: number;
  convocations: number;
}) => {
  const editedAt = new Date();
  async function* rows(): AsyncGenerator<ExamListRow> {
    for (let s = 0; s < options.sites; s += 1)
      for (let t = 1; t <= options.perSite; t += 1)
        yield {
          numeroCandidat: `ELEC-${String(s * options.perSite + t).padStart(5, '0')}`,
          numeroTable: t,
          libelle: `${NOMS[(s + t) % NOMS.length]} ${PRENOMS[t % PRENOMS.length]}`,
          dateNaissance: `19${80 + (t % 20)}-0${1 + (t % 9)}-1${t % 9}`,
          metier: 'Électricité bâtiment',
          amenagement: t % 50 === 0 ? 'Tiers temps' : '',
          site: `Site de composition ${s + 1} — Centre d’examen ${Math.floor(s / 10) + 1}`,
        };
  }
  const lists = sink();
  let started = performance.now();
  const columns = EXAM_LIST_COLUMNS['liste-emargement'];
  const attendance = await renderListDocumentOffThread<ExamListRow>(lists.out, {
    title: 'Liste d’émargement',
    subtitle: 'CQP 2027 — Département : Mfoundi',
    editedAt,
    total: options.sites * options.perSite,
    rows: rows(),
    columns: columns.map((c) => ({
      header: c.header,
      width: c.width,
      value: (row) => examListText(c.cell(row)),
    })),
    section: (row) => row.site,
    rowHeight: 26,
  });
  const listSeconds = (performance.now() - started) / 1000;

  async function* pages(): AsyncGenerator<ConvocationPage> {
    for (let i = 0; i < options.convocations; i += 1)
      yield {
        session: 'CQP 2027',
        examen: 'Certificat de qualification professionnelle',
        candidat: `${NOMS[i % NOMS.length]} ${PRENOMS[i % PRENOMS.length]}`,
        dateNaissance: '1998-03-05',
        lieuNaissance: 'Yaoundé',
        numeroDossier: `CQP27-${String(i + 1).padStart(6, '0')}`,
        numeroCandidat: `ELEC-${String(i + 1).padStart(5, '0')}`,
        numeroTable: (i % 110) + 1,
        metier: 'Électricité bâtiment',
        site: `Site de composition ${Math.floor(i / 110) + 1}`,
        centre: 'Centre d’examen de Yaoundé',
        adresse: 'Quartier Melen, Yaoundé',
        epreuves: [
          { libelle: 'Épreuve théorique', date: '14/06/2027', heure: '08 h 00', duree: '3 h 00' },
          { libelle: 'Épreuve pratique', date: '15/06/2027', heure: '13 h 30', duree: '4 h 00' },
        ],
        amenagement: i % 100 === 0 ? 'Tiers temps' : '',
      };
  }
  const convocations = sink();
  started = performance.now();
  const convoked = await renderConvocationsOffThread(convocations.out, {
    editedAt,
    total: options.convocations,
    pages: pages(),
  });
  const convocationSeconds = (performance.now() - started) / 1000;
  await closeRenderThreads();
  return {
    attendanceSites: options.sites,
    attendanceCandidates: options.sites * options.perSite,
    attendancePages: attendance.pages,
    attendanceSeconds: round(listSeconds),
    attendancePagesPerSecond: round(attendance.pages / listSeconds, 0),
    attendanceMiB: round(lists.bytes() / 2 ** 20),
    convocations: convoked.pages,
    convocationSeconds: round(convocationSeconds),
    convocationPagesPerSecond: round(convoked.pages / convocationSeconds, 0),
    convocationMiB: round(convocations.bytes() / 2 ** 20),
  };
};
