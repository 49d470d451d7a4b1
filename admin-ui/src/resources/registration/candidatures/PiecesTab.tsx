import CheckIcon from '@mui/icons-material/Check';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  Button,
  useDataProvider,
  useResourceContext,
  useGetMany,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import {
  PIECE_MAX_BYTES,
  PIECE_STATUS_LABELS,
  PIECES_STATE_LABELS,
  type PieceView,
  type PiecesState,
} from '@examens-pro/domain';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { FileUploadButton } from '../../../common/FileUploadButton';
import { formatDateTime, formatNumber } from '../../../common/format';
import { referenceResource } from '../../../kit/routes';
import { useRecordAction } from '../../../kit/useRecordAction';
import { useRouteCan } from '../../../kit/useRouteCan';
import { RejectButton } from './RejectDialog';

const TOO_BIG = 'Le contenu envoyé est trop volumineux.';
const FAILED = 'La pièce n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.';

const STATE_COLOURS: Record<PieceView['statut'], 'default' | 'info' | 'success' | 'error'> = {
  manquante: 'default',
  deposee: 'info',
  validee: 'success',
  rejetee: 'error',
};

/** Where a deposited pièce is read (same origin: the session cookie goes with it). */
export const pieceUrl = (dossierId: string, pieceId: string): string =>
  `/api/candidatures/${encodeURIComponent(dossierId)}/pieces/${encodeURIComponent(pieceId)}/fichier`;

/** The kinds the server accepts by name; anything else goes as bytes and is judged on them. */
const contentType = (file: File): string =>
  ['application/pdf', 'image/png', 'image/jpeg'].includes(file.type)
    ? file.type
    : 'application/octet-stream';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${formatNumber(Math.ceil(bytes / 1024))} ko`
      : `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} Mo`;

/** « Déposer » (or « Déposer de nouveau »): the file goes at once, with the version the user saw. */
const DepositButton = ({ piece, again }: { piece: PieceView; again: boolean }) => {
  const record = useRecordContext();
  const refresh = useRefresh();
  const notify = useNotify();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  if (!record) return null;
  const label = again ? 'Déposer de nouveau' : 'Déposer';
  return (
    <FileUploadButton
      label={label}
      ariaLabel={`${label} : ${piece.libelle}`}
      accept="application/pdf,image/png,image/jpeg"
      icon={<UploadFileIcon />}
      check={(file) => (file.size > PIECE_MAX_BYTES ? TOO_BIG : undefined)}
      upload={async (file) => {
        await dataProvider.upload(resource!, {
          id: record.id,
          path: `pieces/${encodeURIComponent(piece.pieceId)}`,
          file,
          contentType: contentType(file),
          previousData: record,
          headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) },
        });
        notify(`La pièce « ${piece.libelle} » est déposée.`, { type: 'success' });
        refresh();
      }}
      failure={(error) => (error as { body?: { message?: string } }).body?.message ?? FAILED}
    />
  );
};

const ValidatePieceButton = ({ piece }: { piece: PieceView }) => {
  const { mutate, isPending } = useRecordAction({
    action: `pieces/${encodeURIComponent(piece.pieceId)}/valider`,
    success: `La pièce « ${piece.libelle} » est validée.`,
  });
  return (
    <Button label="Valider" onClick={() => mutate()} disabled={isPending}>
      <CheckIcon />
    </Button>
  );
};

/**
 * The dossier's pièces justificatives: every pièce its examen asks for at once (missing ones
 * included), each with its state, its file, the motif of a rejection; « Déposer » for who
 * registers or modifies dossiers while it may change, « Valider » / « Rejeter » for supervisors
 * once it is submitted.
 */
export const PiecesTab = () => {
  const record = useRecordContext();
  const can = useRouteCan();
  const pieces = (record?.pieces ?? []) as PieceView[];
  const motifIds = [...new Set(pieces.flatMap((p) => (p.motifId ? [p.motifId] : [])))];
  const { data: motifs = [] } = useGetMany(referenceResource('motifs-rejet'), { ids: motifIds });
  if (!record) return null;
  const statut = String(record.statut);
  const open = statut === 'brouillon' || statut === 'soumis';
  const state = record.etatPieces as PiecesState | undefined;
  const missing = Number(record.piecesManquantes ?? 0);
  const motifOf = (id: string | null) =>
    id ? String(motifs.find((m) => m.id === id)?.libelle ?? '') : '';
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      {state ? (
        <Alert
          severity={state === 'complet' ? 'success' : state === 'rejete' ? 'error' : 'warning'}
        >
          État des pièces : {PIECES_STATE_LABELS[state]}
          {missing > 0
            ? ` — ${missing} pièce${missing > 1 ? 's' : ''} obligatoire${missing > 1 ? 's' : ''} à valider.`
            : '.'}
        </Alert>
      ) : null}
      {pieces.length === 0 ? (
        <Typography>Aucune pièce justificative n’est demandée pour cet examen.</Typography>
      ) : (
        <Table size="small" aria-label="Pièces justificatives">
          <TableHead>
            <TableRow>
              <TableCell>Pièce</TableCell>
              <TableCell>État</TableCell>
              <TableCell>Fichier</TableCell>
              <TableCell>Motif du rejet</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pieces.map((piece) => (
              <TableRow key={piece.pieceId} data-piece={piece.libelle}>
                <TableCell>
                  {piece.libelle}{' '}
                  {piece.obligatoire ? (
                    <Chip size="small" variant="outlined" label="obligatoire" />
                  ) : (
                    <Chip size="small" variant="outlined" label="facultative" />
                  )}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATE_COLOURS[piece.statut]}
                    label={PIECE_STATUS_LABELS[piece.statut]}
                  />
                </TableCell>
                <TableCell>
                  {piece.fichier ? (
                    <>
                      <Link
                        href={pieceUrl(String(record.id), piece.pieceId)}
                        target="_blank"
                        rel="noopener"
                      >
                        {piece.nomFichier}
                      </Link>
                      <Typography variant="caption" display="block" color="text.secondary">
                        {size(piece.taille)}
                        {piece.deposeLe ? `, déposée le ${formatDateTime(piece.deposeLe)}` : ''}
                      </Typography>
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  {piece.statut === 'rejetee'
                    ? [motifOf(piece.motifId), piece.commentaire].filter(Boolean).join(' : ')
                    : ''}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} alignItems="center">
                    {open && piece.statut !== 'validee' && can.action('deposer') ? (
                      <DepositButton piece={piece} again={piece.statut !== 'manquante'} />
                    ) : null}
                    {statut === 'soumis' &&
                    piece.statut === 'deposee' &&
                    can.action('verifier-piece') ? (
                      <>
                        <ValidatePieceButton piece={piece} />
                        <RejectButton
                          action={`pieces/${encodeURIComponent(piece.pieceId)}/rejeter`}
                          title={`Rejeter la pièce « ${piece.libelle} » ?`}
                          confirm="Rejeter la pièce"
                          success={`La pièce « ${piece.libelle} » est rejetée.`}
                        />
                      </>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="caption" color="text.secondary">
        Fichiers PDF, JPEG ou PNG de 5 Mo au plus.
      </Typography>
    </Stack>
  );
};
