import {
  Button,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { formatDateTime, formatNumber, plural } from '../../common/format';
import {
  DecisionStatusChip,
  documentFileUrl,
  type DecisionChoice,
  type DepartementChoice,
} from './shared';
import { latestOf } from './useDecisionSigning';

interface RowProps {
  readonly d: DepartementChoice;
  readonly sessionId: string;
  readonly selected: ReadonlySet<string>;
  readonly toggle: (id: string) => void;
  readonly busy: boolean;
  readonly prepare: (d: DepartementChoice) => Promise<void>;
  readonly refresh: (d: DepartementChoice, decision: DecisionChoice) => Promise<void>;
  readonly setShown: (shown: { decision: DecisionChoice; title: string }) => void;
}

/** A département's latest decision: version, status, candidates, when signed or prepared. */
const LatestDecision = ({ latest }: { latest: DecisionChoice | undefined }) =>
  latest ? (
    <Stack spacing={0.5} alignItems="flex-start">
      <Stack direction="row" spacing={1} alignItems="center">
        <span>Version {latest.numero}</span>
        <DecisionStatusChip statut={latest.statut} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {plural(latest.effectif, 'candidat')}
        {latest.statut === 'signee'
          ? ` — n° ${latest.reference}, signée le ${formatDateTime(latest.signeeLe)} par ${latest.signeePar}`
          : ` — préparée le ${formatDateTime(latest.actualiseeLe ?? latest.prepareeLe)}`}
      </Typography>
    </Stack>
  ) : (
    'Aucune'
  );

/** A département's row: its box (a draft), admitted, number, latest decision, actions. */
const DecisionRow = ({
  d,
  sessionId,
  selected,
  toggle,
  busy,
  prepare,
  refresh,
  setShown,
}: RowProps) => {
  const latest = latestOf(d);
  const draft = latest?.statut === 'brouillon';
  return (
    <TableRow>
      <TableCell padding="checkbox">
        {draft ? (
          <Checkbox
            checked={selected.has(latest.id)}
            onChange={() => toggle(latest.id)}
            inputProps={{
              'aria-label': `Choisir la décision du département ${d.libelle}`,
            }}
          />
        ) : null}
      </TableCell>
      <TableCell>
        {d.libelle}
        {d.zone ? (
          <Typography variant="caption" display="block" color="text.secondary">
            {d.zone}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="right">{formatNumber(d.admis)}</TableCell>
      <TableCell>{d.reference ?? '—'}</TableCell>
      <TableCell>
        <LatestDecision latest={latest} />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
          {!latest || (latest.statut === 'signee' && !d.aJour) ? (
            <Button size="small" disabled={busy} onClick={() => void prepare(d)}>
              {latest ? 'Établir une nouvelle décision' : 'Préparer la décision'}
            </Button>
          ) : null}
          {latest?.statut === 'signee' && d.aJour ? (
            <Typography variant="caption" color="text.secondary">
              À jour : les admis n’ont pas changé depuis la signature.
            </Typography>
          ) : null}
          {draft ? (
            <Button size="small" disabled={busy} onClick={() => void refresh(d, latest)}>
              Actualiser
            </Button>
          ) : null}
          {latest ? (
            <Button
              size="small"
              onClick={() =>
                setShown({
                  decision: latest,
                  title: `Candidats de la décision — ${d.libelle} (version ${latest.numero})`,
                })
              }
            >
              Candidats
            </Button>
          ) : null}
          {draft ? (
            <DownloadDocumentButton
              kind="decision-admission"
              label="Projet (PDF)"
              cible={{ sessionId, departementId: d.departementId }}
            />
          ) : null}
          {latest?.statut === 'signee' && latest.documentId && latest.sha256 ? (
            <Button size="small" component="a" href={documentFileUrl(latest.documentId)} download>
              Décision signée (PDF)
            </Button>
          ) : null}
        </Stack>
      </TableCell>
    </TableRow>
  );
};

/** « Décisions par département ». */
export const DecisionsTable = ({
  departements,
  ...row
}: Omit<RowProps, 'd'> & { departements: readonly DepartementChoice[] }) => (
  <Table size="small" aria-label="Décisions par département">
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox" />
        <TableCell>Département</TableCell>
        <TableCell align="right">Admis (résultats)</TableCell>
        <TableCell>N° de décision</TableCell>
        <TableCell>Décision</TableCell>
        <TableCell>Actions</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {departements.map((d) => (
        <DecisionRow key={d.departementId} d={d} {...row} />
      ))}
    </TableBody>
  </Table>
);
