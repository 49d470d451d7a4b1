import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import {
  formatFcfa,
  type MatchConfidence,
  type PaymentStatementDocument,
  type StatementLine,
} from '@examens-pro/domain';
import { WITHIN_PAGE } from '../../common/filters';
import { formatDate, formatNumber } from '../../common/format';

type Shown = 'toutes' | MatchConfidence | 'refusees';
const FILTERS: { id: Shown; libelle: string }[] = [
  { id: 'toutes', libelle: 'Toutes' },
  { id: 'certaine', libelle: 'Certaines' },
  { id: 'douteuse', libelle: 'Douteuses' },
  { id: 'introuvable', libelle: 'Introuvables' },
  { id: 'refusees', libelle: 'Refusées' },
];
const CONFIDENCE_COLOR = {
  certaine: 'success',
  douteuse: 'warning',
  introuvable: 'default',
} as const;
const IGNORE = '__ignorer__';
const PER_PAGE = 50;

/** A doubtful line's decision: one of its possible dossiers, or « Ignorer la ligne ». */
const Decision = ({
  line,
  disabled,
  onDecide,
}: {
  line: StatementLine;
  disabled: boolean;
  onDecide: (candidatureId: string | null) => void;
}) => (
  <TextField
    select
    size="small"
    label={`Décision ligne ${line.ligne}`}
    value={
      line.decision === 'a-decider' ? '' : line.decision === 'ignoree' ? IGNORE : line.candidatureId
    }
    onChange={(event) => onDecide(event.target.value === IGNORE ? null : event.target.value)}
    disabled={disabled}
    sx={{ minWidth: 220 }}
  >
    {line.choix.map((c) => (
      <MenuItem key={c.candidatureId} value={c.candidatureId}>
        {c.numeroDossier} — {c.libelle}
      </MenuItem>
    ))}
    <MenuItem value={IGNORE}>Ignorer la ligne</MenuItem>
  </TextField>
);

const decisionText = (line: StatementLine) =>
  line.decision === 'acceptee'
    ? 'Appliquée'
    : line.decision === 'ignoree'
      ? 'Ignorée'
      : 'À décider';

/**
 * A statement's lines as previewed: its counts, a filter by confidence (« Toutes », « Certaines »,
 * « Douteuses », « Introuvables », « Refusées »), 50 lines a page, each with its dossier, why, and
 * the decision a doubtful (or refused) line awaits.
 */
export const StatementLines = ({
  statement,
  busy,
  onDecide,
}: {
  statement: PaymentStatementDocument;
  busy: boolean;
  onDecide: (ligne: number, candidatureId: string | null) => void;
}) => {
  const [shown, setShown] = useState<Shown>('toutes');
  const [page, setPage] = useState(0);
  const lines = useMemo(
    () =>
      statement.lignes.filter((l) =>
        shown === 'toutes' ? true : shown === 'refusees' ? l.refus !== null : l.confiance === shown,
      ),
    [statement, shown],
  );
  const applied = statement.statut === 'applique';
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
          <Chip label={`${formatNumber(statement.lignes.length)} lignes`} />
          <Chip color="success" label={`Certaines : ${formatNumber(statement.certaines)}`} />
          <Chip color="warning" label={`Douteuses : ${formatNumber(statement.douteuses)}`} />
          <Chip label={`Introuvables : ${formatNumber(statement.introuvables)}`} />
          <Chip color="error" label={`Refusées : ${formatNumber(statement.refusees)}`} />
        </Stack>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={shown}
          aria-label="Filtrer par confiance"
          onChange={(_e, next: Shown | null) => {
            if (next) setShown(next);
            setPage(0);
          }}
          sx={{ mb: 1 }}
        >
          {FILTERS.map((f) => (
            <ToggleButton key={f.id} value={f.id}>
              {f.libelle}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TableContainer sx={WITHIN_PAGE}>
          <Table size="small" aria-label="Lignes du relevé">
            <TableHead>
              <TableRow>
                <TableCell>Ligne</TableCell>
                <TableCell>Date</TableCell>
                <TableCell align="right">Montant</TableCell>
                <TableCell>Référence</TableCell>
                <TableCell>Numéro ou téléphone</TableCell>
                <TableCell>Confiance</TableCell>
                <TableCell>Dossier, raison et décision</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.slice(page * PER_PAGE, (page + 1) * PER_PAGE).map((line) => (
                <TableRow
                  key={line.ligne}
                  data-ligne={line.ligne}
                  data-confiance={line.confiance}
                  data-refusee={line.refus ? 'oui' : undefined}
                >
                  <TableCell>{line.ligne}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatFcfa(line.montant)}
                  </TableCell>
                  <TableCell>{line.reference}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {line.numeroDossier || line.telephone}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={CONFIDENCE_COLOR[line.confiance]}
                      label={line.confiance}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 260 }}>
                    {line.dossier ? (
                      <Typography variant="body2" fontWeight={600}>
                        {line.dossier.numeroDossier} — {line.dossier.libelle}
                      </Typography>
                    ) : null}
                    <Typography variant="body2" color="text.secondary">
                      {line.raison}
                    </Typography>
                    {line.refus ? (
                      <Typography variant="body2" color="error">
                        {line.refus}
                      </Typography>
                    ) : null}
                    {/* The decision under its reason: the whole row read without scrolling sideways. */}
                    <Box sx={{ mt: 0.5 }}>
                      {line.confiance === 'douteuse' && !applied ? (
                        <Decision
                          line={line}
                          disabled={busy}
                          onDecide={(candidatureId) => onDecide(line.ligne, candidatureId)}
                        />
                      ) : line.refus && line.decision === 'acceptee' && !applied ? (
                        <Button
                          size="small"
                          onClick={() => onDecide(line.ligne, null)}
                          disabled={busy}
                        >
                          Ignorer la ligne {line.ligne}
                        </Button>
                      ) : (
                        <Typography variant="body2">{decisionText(line)}</Typography>
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={lines.length}
          page={page}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_e, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) =>
            `${formatNumber(from)}–${formatNumber(to)} sur ${formatNumber(count)}`
          }
          getItemAriaLabel={(type) =>
            type === 'next' ? 'Page suivante' : type === 'previous' ? 'Page précédente' : type
          }
        />
      </CardContent>
    </Card>
  );
};
