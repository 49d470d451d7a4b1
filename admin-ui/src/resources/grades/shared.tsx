import { Chip, Stack } from '@mui/material';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { MARK_STATUS_LABELS, type MarkStatus } from '@examens-pro/domain';
import { useDataProvider } from 'react-admin';
import { NamedSelect } from '../../common/filters';
import { sessionUser, useSession } from '../../common/session';
import { useSessionChoices } from '../../common/useSessionChoices';
import { pendingRows, useOutbox } from '../../offline/outbox';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

export interface GradeSettings {
  readonly sessionId: string;
  readonly importationOuverte: boolean;
  readonly modificationOuverte: boolean;
  readonly doubleSaisie: boolean;
  readonly anonymat: boolean;
  readonly anonymatLeve: boolean;
}
export interface EpreuveChoice {
  readonly id: string;
  readonly code: string;
  readonly libelle: string;
  readonly noteMax: number;
  readonly typeEpreuve?: string;
}
export interface SiteChoice {
  readonly id: string;
  readonly libelle: string;
  readonly candidats: number;
}
export interface GradeChoices {
  readonly sessions: { id: string; libelle: string; statut: string }[];
  readonly configuration?: GradeSettings;
  readonly epreuves?: EpreuveChoice[];
  readonly sites?: SiteChoice[];
}

export interface SheetRow {
  /** Empty on an anonymous sheet: its copies are named by `numeroAnonymat` only. */
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly numeroAnonymat: string | null;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: string;
  readonly presence: 'present' | 'absent' | null;
  readonly note: number | null;
  readonly statut: MarkStatus;
  readonly saisies: { rang: number; note: number; par: string; le: string; source: string }[];
}
export interface Sheet {
  readonly feuilleId: string;
  readonly ouverte: boolean;
  /** The copies are anonymous (written épreuve, session's rule, not lifted yet). */
  readonly anonyme: boolean;
  /** Its copies have their anonymity numbers (always true of a sheet that is not anonymous). */
  readonly numerotee: boolean;
  readonly epreuve: EpreuveChoice;
  readonly site: { id: string; libelle: string };
  readonly configuration: GradeSettings;
  readonly candidats: SheetRow[];
}

/** The sessions, then for the one chosen its épreuves, sites and grade settings. */
export const useGradeChoices = () =>
  useSessionChoices<GradeChoices>('notes/choix', { sessions: [] });

/** Session, épreuve and site: which sheet a page shows. */
export const SheetPicker = ({
  choices,
  sessionId,
  onSession,
  epreuveId,
  onEpreuve,
  siteId,
  onSite,
}: {
  choices: GradeChoices;
  sessionId: string;
  onSession: (id: string) => void;
  epreuveId: string;
  onEpreuve: (id: string) => void;
  siteId: string;
  onSite: (id: string) => void;
}) => (
  <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
    <NamedSelect label="Session" value={sessionId} onChange={onSession} items={choices.sessions} />
    <NamedSelect
      label="Épreuve"
      value={epreuveId}
      onChange={onEpreuve}
      items={(choices.epreuves ?? []).map((e) => ({
        id: e.id,
        libelle: `${e.code} — ${e.libelle}`,
      }))}
    />
    <NamedSelect
      label="Site de composition"
      value={siteId}
      onChange={onSite}
      items={(choices.sites ?? []).map((s) => ({
        id: s.id,
        libelle: `${s.libelle} (${s.candidats})`,
      }))}
      minWidth={280}
    />
  </Stack>
);

/** The sheet's read, under `/api`. */
export const sheetUrl = (sessionId: string, epreuveId: string, siteId: string, vue?: 'presences') =>
  `notes/feuille?${new URLSearchParams({ sessionId, epreuveId, siteId, ...(vue ? { vue } : {}) }).toString()}`;

/** A sheet's key in the offline queue: session, épreuve, site. */
export const sheetKey = (sessionId: string, epreuveId: string, siteId: string): string =>
  `${sessionId}|${epreuveId}|${siteId}`;

/** A row's key, and how a command names it: the copy's number on an anonymous sheet. */
export const rowKey = (row: SheetRow): string =>
  row.numeroAnonymat && !row.candidatureId ? row.numeroAnonymat : row.candidatureId;
export const rowRef = (row: SheetRow) =>
  row.candidatureId
    ? { candidatureId: row.candidatureId }
    : { numeroAnonymat: row.numeroAnonymat ?? '' };

const STATUS_COLORS: Record<MarkStatus, 'default' | 'info' | 'warning' | 'success'> = {
  'a-saisir': 'default',
  'en-attente': 'info',
  ecart: 'warning',
  retenue: 'success',
};

/** A mark's status; an absent candidate's mark still to enter reads « Absent ». */
export const MarkStatusChip = ({ statut, absent }: { statut: MarkStatus; absent?: boolean }) =>
  absent && statut === 'a-saisir' ? (
    <Chip size="small" variant="outlined" label="Absent" />
  ) : (
    <Chip size="small" color={STATUS_COLORS[statut]} label={MARK_STATUS_LABELS[statut]} />
  );

/** « Nom Prénoms », as the exam lists name candidates. */
export const candidateName = (row: { nom: string; prenoms: string }) =>
  `${row.nom.toUpperCase()} ${row.prenoms}`.trim();

/** The session to work on, among the sessions (most recent first). */
export const GradeSessionSelect = ({
  choices,
  value,
  onChange,
}: {
  choices: GradeChoices;
  value: string;
  onChange: (id: string) => void;
}) => (
  <NamedSelect
    label="Session"
    value={value}
    onChange={onChange}
    items={choices.sessions}
    minWidth={280}
  />
);

/**
 * One sheet chosen by session, épreuve and site (the first of each by default), read after this
 * tab's last command (as every read of the provider): the grid reads its marks, `presences` its
 * candidates without their marks.
 */
export const useSheet = (vue?: 'presences') => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const { choices, sessionId, setSessionId, error } = useGradeChoices();
  const [epreuveId, setEpreuveId] = useState('');
  const [siteId, setSiteId] = useState('');
  const [sheet, setSheet] = useState<Sheet>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    if (!epreuveId && choices.epreuves?.[0]) setEpreuveId(choices.epreuves[0].id);
    if (!siteId && choices.sites?.[0]) setSiteId(choices.sites[0].id);
  }, [choices, epreuveId, siteId]);
  const load = useCallback(() => {
    if (!sessionId || !epreuveId || !siteId) return;
    dataProvider
      .read<Sheet>(sheetUrl(sessionId, epreuveId, siteId, vue))
      .then((found) => {
        setSheet(found);
        setLoadError(undefined);
      })
      .catch((e: Error) => setLoadError(e.message));
  }, [sessionId, epreuveId, siteId, vue]);
  useEffect(load, [load]);
  // Entries kept offline (#35) on this sheet by the signed-in person, per row; once some are sent,
  // the sheet is read again to show them recorded.
  const outbox = useOutbox();
  const author = sessionUser(useSession())?.id;
  const key = sheetKey(sessionId, epreuveId, siteId);
  const waiting = {
    note: pendingRows(outbox, key, 'note', author),
    presence: pendingRows(outbox, key, 'presence', author),
  };
  const sentAt = outbox.sent?.at;
  useEffect(() => {
    if (sentAt) load();
  }, [sentAt, load]);
  const picker: ReactElement = (
    <SheetPicker
      choices={choices}
      sessionId={sessionId}
      onSession={(id) => {
        setSessionId(id);
        setEpreuveId('');
        setSiteId('');
        setSheet(undefined);
      }}
      epreuveId={epreuveId}
      onEpreuve={setEpreuveId}
      siteId={siteId}
      onSite={setSiteId}
    />
  );
  return {
    choices,
    sessionId,
    epreuveId,
    siteId,
    sheet,
    load,
    picker,
    key,
    waiting,
    error: error ?? loadError,
  };
};
