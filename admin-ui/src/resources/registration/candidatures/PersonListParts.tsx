import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { personListColumnsFor } from '@examens-pro/domain';
import { NamedSelect } from '../../../common/filters';
import type { Columns, PersonList, Problem, Progress } from './usePersonList';

export const number = new Intl.NumberFormat('fr-FR');

/**
 * The file's columns: the required ones (the niveau too when the chosen métier requires a level,
 * named), the optional ones; before a métier is chosen, what every list needs.
 */
export const ListColumns = ({ columns }: { columns: Columns | null }) => {
  const { obligatoires, facultatives, niveauRequis } = columns ?? personListColumnsFor(null);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="colonnes-liste">
      Un fichier CSV (séparé par « ; » ou « , ») ou XLSX. Colonnes obligatoires :{' '}
      {obligatoires.join(', ')}
      {facultatives.length > 0 ? ` ; facultatives : ${facultatives.join(', ')}` : ''}.
      {niveauRequis
        ? ` Ce métier requiert le niveau « ${niveauRequis} » ou un niveau supérieur : la colonne niveau est obligatoire.`
        : ''}{' '}
      Chaque ligne devient un dossier soumis, catégorie « Agent ».
    </Typography>
  );
};

/** The rows the verification (or the application) refused: line, column, message. */
export const ProblemsTable = ({ problems }: { problems: readonly Problem[] }) => (
  <Box sx={{ maxHeight: 320, overflow: 'auto', mb: 2 }}>
    <Table size="small" stickyHeader data-testid="lignes-refusees">
      <TableHead>
        <TableRow>
          <TableCell>Ligne</TableCell>
          <TableCell>Colonne</TableCell>
          <TableCell>Message</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {problems.map((p) => (
          <TableRow key={`${p.ligne}-${p.colonne}`}>
            <TableCell>{p.ligne}</TableCell>
            <TableCell>{p.colonne}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-line' }}>{p.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);

/** The creation of the list's dossiers, then its outcome and what to do next. */
export const ListProgress = ({
  progress,
  verified,
  sessionId,
  restart,
}: {
  progress: Progress | null;
  verified: { verificationId: string; lignes: number } | null;
  sessionId: string;
  restart: () => void;
}) => {
  const done = progress?.statut === 'terminee';
  return (
    <Box data-testid="progression-liste">
      <Typography variant="body2" gutterBottom>
        {done
          ? `Liste appliquée : ${number.format(progress.creees)} dossier${progress.creees > 1 ? 's' : ''} créé${progress.creees > 1 ? 's' : ''} (${number.format(progress.soumises)} soumis, ${number.format(progress.brouillons)} brouillon${progress.brouillons > 1 ? 's' : ''}), ${number.format(progress.ignorees)} ligne${progress.ignorees > 1 ? 's' : ''} ignorée${progress.ignorees > 1 ? 's' : ''}.`
          : `Création des dossiers : ${number.format(progress?.traitees ?? 0)} / ${number.format(progress?.lignes ?? verified?.lignes ?? 0)}`}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={progress?.progression ?? 0}
        sx={{ height: 10, borderRadius: 1, mb: 2 }}
      />
      {done && progress.anomalies.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {progress.anomalies.map((a) => `Ligne ${a.ligne} : ${a.motif}`).join('\n')}
        </Alert>
      )}
      {done && (
        <Button size="small" sx={{ mr: 2 }} onClick={restart}>
          Soumettre une autre liste
        </Button>
      )}
      {done && (
        <Link
          href={`/tableau-de-bord/inscription/candidats/liste?filter=${encodeURIComponent(JSON.stringify({ sessionId }))}`}
        >
          Voir les candidats de la session
        </Link>
      )}
    </Box>
  );
};

/** The list's session, métier and centre de dépôt (an enrôleur's own, fixed). */
export const PersonListChoices = ({ list }: { list: PersonList }) => (
  <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
    <NamedSelect
      label="Session"
      value={list.sessionId}
      onChange={list.setSessionId}
      items={list.sessions}
      minWidth={220}
      disabled={Boolean(list.listeId)}
    />
    <NamedSelect
      label="Métier"
      value={list.metierId}
      onChange={list.setMetierId}
      items={list.metiers}
      minWidth={220}
      disabled={!list.sessionId || Boolean(list.listeId)}
    />
    <NamedSelect
      label="Centre de dépôt"
      value={list.centreDepotId}
      onChange={list.setCentreDepotId}
      items={list.centres}
      minWidth={220}
      disabled={Boolean(list.ownCentre) || Boolean(list.listeId)}
      helperText={list.ownCentre ? 'Votre centre de dépôt.' : undefined}
    />
  </Stack>
);
