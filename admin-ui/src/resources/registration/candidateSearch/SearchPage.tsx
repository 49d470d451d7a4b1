import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { ExamensDataProvider } from '../../../dashboard/dataProvider';
import { CandidateView } from './CandidateView';
import { FoundCandidates } from './FoundCandidates';
import type { Found, View } from './searchModel';

/**
 * « Rechercher un candidat »: by candidate number, dossier number, name (accents ignored) or birth
 * date (JJ/MM/AAAA); the 360° view of the dossier chosen — identity, candidature, allocation,
 * presences and marks, incidents, corrections, result, pièces and its whole timeline.
 */
export const CandidateSearchPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [found, setFound] = useState<{ total: number; candidats: Found[] }>();
  const [view, setView] = useState<View>();
  const [error, setError] = useState<string>();
  const chosen = params.get('id');

  const search = async (text: string) => {
    setError(undefined);
    try {
      const answer = await dataProvider.read<{ total: number; candidats: Found[] }>(
        `recherche-candidats?q=${encodeURIComponent(text)}`,
      );
      setFound(answer);
      if (answer.candidats.length === 1) setParams({ q: text, id: answer.candidats[0]!.id });
      else setParams({ q: text });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  useEffect(() => {
    if (!chosen) {
      setView(undefined);
      return;
    }
    dataProvider
      .read<View>(`recherche-candidats/${encodeURIComponent(chosen)}`)
      .then(setView)
      .catch((e: Error) => setError(e.message));
  }, [chosen]);

  const c = view?.candidature;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Rechercher un candidat" />
      <Stack
        component="form"
        direction="row"
        spacing={2}
        sx={{ mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          void search(q.trim());
        }}
      >
        <TextField
          label="Numéro de candidat, de dossier, nom ou date de naissance (JJ/MM/AAAA)"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ minWidth: 520 }}
          autoFocus
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Rechercher
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {found && !view ? (
        <FoundCandidates found={found} choose={(id) => setParams({ q, id })} />
      ) : null}
      {view && c ? (
        <CandidateView view={view} back={found ? () => setParams({ q }) : undefined} />
      ) : null}
    </Box>
  );
};
