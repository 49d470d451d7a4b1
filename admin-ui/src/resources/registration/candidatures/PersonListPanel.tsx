import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Collapse,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  ListColumns,
  ListProgress,
  number,
  PersonListChoices,
  ProblemsTable,
} from './PersonListParts';
import { usePersonList } from './usePersonList';

/**
 * « Soumettre une liste d’agents » (seed §5): session, métier and centre de dépôt (an enrôleur's own,
 * fixed), the file (CSV or XLSX) → Vérifier (the seed's message and every offending row) →
 * Appliquer → the dossiers' creation followed until done, then the list of candidates of the
 * session. Loaded with the registration page, apart from the dashboard's first load.
 */
export const PersonListPanel = () => {
  const list = usePersonList();

  const [opened, setOpened] = useState(false);

  return (
    <Card sx={{ mt: 1, mb: 2 }} data-testid="liste-agents">
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
          <Typography variant="h6">Soumettre une liste d’agents</Typography>
          <Button
            variant={opened ? 'text' : 'outlined'}
            startIcon={<UploadFileIcon />}
            onClick={() => setOpened(!opened)}
            aria-expanded={opened}
          >
            {opened ? 'Fermer' : 'Soumettre une liste d’agents'}
          </Button>
        </Stack>
        <Collapse in={opened} unmountOnExit={false}>
          <PersonListChoices list={list} />
          <ListColumns columns={list.columns} />
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => list.input.current?.click()}
              disabled={Boolean(list.listeId)}
            >
              Choisir le fichier
            </Button>
            <input
              ref={list.input}
              type="file"
              hidden
              data-testid="fichier-liste"
              accept=".csv,.xlsx,text/csv"
              onChange={(e) => list.setFile(e.target.files?.[0] ?? null)}
            />
            <Typography variant="body2">{list.file?.name ?? 'Aucun fichier choisi'}</Typography>
            <Button
              variant="contained"
              onClick={() => void list.verify()}
              disabled={!list.ready || list.busy || Boolean(list.listeId)}
            >
              Vérifier
            </Button>
            <Button
              variant="contained"
              color="success"
              onClick={() => void list.applyList()}
              disabled={!list.verified || list.busy || Boolean(list.listeId)}
            >
              Appliquer
            </Button>
          </Stack>
          {list.busy && <LinearProgress sx={{ mb: 2 }} />}
          {list.verified && !list.listeId && (
            <Alert severity="success" sx={{ mb: 2 }}>
              Liste valide : {number.format(list.verified.lignes)} ligne
              {list.verified.lignes > 1 ? 's' : ''}. Appliquez-la pour créer les dossiers.
            </Alert>
          )}
          {list.error && (
            <Alert
              severity="error"
              sx={{ mb: 2, whiteSpace: 'pre-line' }}
              data-testid="erreur-liste"
            >
              {list.error}
            </Alert>
          )}
          {list.problems.length > 0 && <ProblemsTable problems={list.problems} />}
          {list.listeId && (
            <ListProgress
              progress={list.progress}
              verified={list.verified}
              sessionId={list.sessionId}
              restart={list.restart}
            />
          )}
        </Collapse>
      </CardContent>
    </Card>
  );
};
