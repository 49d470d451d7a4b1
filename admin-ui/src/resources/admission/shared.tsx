import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { DECISION_STATUS_LABELS, type DecisionStatus } from '@examens-pro/domain';
import { useDataProvider } from 'react-admin';
import { formatDate } from '../../common/format';
import { useSessionChoices } from '../../common/useSessionChoices';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

export interface DecisionChoice {
  readonly id: string;
  /** The read model's revision (If-Match). */
  readonly version: number;
  readonly numero: number;
  readonly statut: DecisionStatus;
  readonly effectif: number;
  readonly reference: string | null;
  readonly prepareeLe: string;
  readonly actualiseeLe: string | null;
  readonly signeeLe: string | null;
  readonly signeePar: string | null;
  readonly signature: { numero: number; sha256: string } | null;
  readonly documentId: string | null;
  readonly sha256: string | null;
}
export interface DepartementChoice {
  readonly departementId: string;
  readonly libelle: string;
  readonly zone: string;
  /** Candidates the frozen results admit now. */
  readonly admis: number;
  /** The decision's number recorded for the session (« Références par département »). */
  readonly reference: string | null;
  /** Its latest decision is signed and still lists exactly the candidates admitted now. */
  readonly aJour: boolean;
  readonly decisions: DecisionChoice[];
}
export interface DecisionChoices {
  readonly sessions: { id: string; libelle: string; statut: string }[];
  readonly departements: DepartementChoice[];
}

export interface CurrentSignature {
  readonly numero: number;
  readonly sha256: string;
  readonly taille: number;
  readonly nomFichier: string;
  readonly deposeLe: string;
  readonly deposePar: string;
}

/** The image of a version of the minister's signature (`courante`: the one in force). */
export const signatureImageUrl = (numero: number | 'courante'): string =>
  `/api/signatures-ministre/image/${numero}`;

/** A generated document's file (a signed decision's PDF). */
export const documentFileUrl = (documentId: string): string =>
  `/api/documents/${encodeURIComponent(documentId)}/fichier`;

/** The sessions, then the chosen session's départements and their decisions. */
export const useDecisionChoices = () => {
  const decisionChoices = useSessionChoices<DecisionChoices>('decisions-admission/choix', {
    sessions: [],
    departements: [],
  });
  const { choices, reload } = decisionChoices;
  // A decision just signed gets its PDF from the workers in a moment: read again until it has.
  const sealing = choices.departements.some((d) =>
    d.decisions.some((x) => x.statut === 'signee' && !x.sha256),
  );
  useEffect(() => {
    if (!sealing) return undefined;
    const timer = setTimeout(reload, 1000);
    return () => clearTimeout(timer);
  }, [sealing, choices, reload]);
  return decisionChoices;
};

/** The minister's signature in force, or null before the first deposit. */
export const useCurrentSignature = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [signature, setSignature] = useState<CurrentSignature | null>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    dataProvider
      .read<CurrentSignature>('signatures-ministre/courante')
      .then(setSignature)
      .catch(() => setSignature(null));
  }, [version]);
  return { signature, reload: useCallback(() => setVersion((v) => v + 1), []) };
};

export const DecisionStatusChip = ({ statut }: { statut: DecisionStatus }) => (
  <Chip
    size="small"
    label={DECISION_STATUS_LABELS[statut]}
    color={statut === 'signee' ? 'success' : 'warning'}
    variant={statut === 'signee' ? 'filled' : 'outlined'}
  />
);

/** A SHA-256 shown short, whole on hover. */
export const Sha256 = ({ value }: { value: string }) => (
  <Box component="span" title={value} sx={{ fontFamily: 'monospace' }}>
    {value.slice(0, 12)}…
  </Box>
);

interface DecisionCandidateLine {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly dateNaissance: string;
  readonly metier: string;
}

/** A decision's candidates, read from its events (as signed, once signed). */
export const CandidatesDialog = ({
  decision,
  title,
  onClose,
}: {
  decision: DecisionChoice | null;
  title: string;
  onClose: () => void;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [lines, setLines] = useState<DecisionCandidateLine[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setLines(undefined);
    setError(undefined);
    if (!decision) return;
    dataProvider
      .read<DecisionCandidateLine[]>(
        `decisions-admission/${encodeURIComponent(decision.id)}/candidats`,
      )
      .then(setLines)
      .catch((e: Error) => setError(e.message));
  }, [decision]);
  return (
    <Dialog open={Boolean(decision)} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {error ? <Typography color="error">{error}</Typography> : null}
        {lines ? (
          <Table size="small" aria-label="Candidats de la décision">
            <TableHead>
              <TableRow>
                <TableCell>N°</TableCell>
                <TableCell>N° candidat</TableCell>
                <TableCell>Nom</TableCell>
                <TableCell>Prénoms</TableCell>
                <TableCell>Né(e) le</TableCell>
                <TableCell>Métier</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((c, i) => (
                <TableRow key={c.candidatureId}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{c.numeroCandidat}</TableCell>
                  <TableCell>{c.nom}</TableCell>
                  <TableCell>{c.prenoms}</TableCell>
                  <TableCell>{formatDate(c.dateNaissance)}</TableCell>
                  <TableCell>{c.metier}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Fermer</MuiButton>
      </DialogActions>
    </Dialog>
  );
};
